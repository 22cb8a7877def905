// /training (public): the three sections in order, active videos by sortOrder, counts and cards; inside
// the portal shell when an agent is logged in.
import { useEffect } from 'react';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { PortalShell } from '../../../components/layout/PortalShell.tsx';
import { TRAINING_SECTIONS, formatDuration, type TrainingVideo } from '@tm/shared/schemas/training';
import { usePublicVideos } from '../api/get-public-videos.ts';
import './training.css';
import { SITE_ORIGIN } from '../../../site-origin.ts';
import { paths } from '../../../app/paths.ts';

function VideoCard({ video }: { video: TrainingVideo }) {
  return (
    <li className="card trn-card" data-testid="training-video">
      {video.thumbnailUrl && <img className="trn-thumb" src={video.thumbnailUrl} alt="" loading="lazy" />}
      <div className="trn-card-body">
        <h3>{video.title}</h3>
        {video.description && <p className="muted">{video.description}</p>}
        <div className="trn-card-foot">
          {video.duration ? (
            <span className="trn-duration" aria-label={`Duration ${formatDuration(video.duration)}`}>
              {formatDuration(video.duration)}
            </span>
          ) : (
            <span />
          )}
          <a className="btn" href={video.videoUrl} target="_blank" rel="noopener noreferrer" aria-label={`Watch ${video.title}`}>
            Watch
          </a>
        </div>
      </div>
    </li>
  );
}

function TrainingCenter({ inShell }: { inShell: boolean }) {
  const { data, isPending, isError } = usePublicVideos();
  return (
    <div className={inShell ? 'trn trn-in-shell' : 'container trn'}>
      {/* React places it in <head>: the public Training Center's canonical URL (decision 235). */}
      <link rel="canonical" href={`${SITE_ORIGIN}${paths.training}`} />
      <header className="trn-header">
        <h1>Training Center</h1>
        <p className="muted">Videos on HighLevel CRM, Trackdrive and insurance sales.</p>
      </header>
      {isPending ? (
        <p className="trn-status">Loading training videos...</p>
      ) : isError || !data ? (
        <p className="form-error" role="alert">
          Failed to load training videos. Please try again later.
        </p>
      ) : (
        <>
          {data.length === 0 && (
            <div className="card trn-coming-soon" data-testid="coming-soon">
              <h2>Coming Soon</h2>
              <p className="muted">Training videos are on their way. Check back soon for new content!</p>
            </div>
          )}
          {TRAINING_SECTIONS.map((section) => {
            const videos = data.filter((v) => v.section === section).sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
            return (
              <section key={section} className="trn-section" aria-labelledby={`sec-${section}`} data-testid="training-section">
                <div className="trn-section-head">
                  <h2 id={`sec-${section}`}>{section}</h2>
                  <span className="trn-count">
                    {videos.length} {videos.length === 1 ? 'video' : 'videos'}
                  </span>
                </div>
                {videos.length === 0 ? (
                  <div className="trn-empty">
                    <p>No training videos available yet</p>
                    <p className="muted small">Check back soon for new content!</p>
                  </div>
                ) : (
                  <ul className="trn-grid">
                    {videos.map((v) => (
                      <VideoCard key={v.id} video={v} />
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </>
      )}
    </div>
  );
}

/** A logged-in agent sees the center inside the portal shell (sidebar, way back); anyone else, alone. */
export function TrainingPage() {
  const me = useCurrentUser();
  useEffect(() => {
    if (!me.data) document.title = 'Training Center';
  }, [me.data]);
  if (me.isPending) return <div className="page-loading">Loading...</div>;
  if (me.data) {
    return (
      <PortalShell user={me.data} current="training-center" title="Training Center">
        <TrainingCenter inShell />
      </PortalShell>
    );
  }
  return <TrainingCenter inShell={false} />;
}
