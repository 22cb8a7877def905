// /training-admin: the training video manager. Without a (valid) stored token it goes to the login.
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '@tm/shared/api-client';
import { TRAINING_SECTIONS, formatDuration, type TrainingVideo } from '@tm/shared/schemas/training';
import { useToast } from '../../../components/toast.tsx';
import { paths } from '../../../app/paths.ts';
import { useVideos } from '../api/get-videos.ts';
import { useDeleteVideo } from '../api/delete-video.ts';
import { clearToken, readToken } from '../api/token.ts';
import { trainingAdminLogout } from '../api/training-admin-logout.ts';
import { VideoForm } from './VideoForm.tsx';
import './training.css';

function AdminVideoCard({ video, onEdit, onDelete }: { video: TrainingVideo; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="card trn-admin-card" data-testid="admin-video">
      {video.thumbnailUrl && <img className="trn-thumb-sm" src={video.thumbnailUrl} alt="" loading="lazy" />}
      <div className="trn-card-body">
        <h4>
          {video.title} {!video.isActive && <span className="trn-inactive">Inactive</span>}
        </h4>
        {video.description && <p className="muted small">{video.description}</p>}
        <p className="muted small">
          Order {video.sortOrder}
          {video.duration ? ` · ${formatDuration(video.duration)}` : ''}
        </p>
      </div>
      <div className="trn-card-actions">
        <button type="button" className="btn btn-outline trn-btn-sm" onClick={onEdit} aria-label={`Edit ${video.title}`}>
          Edit
        </button>
        <a className="btn btn-outline trn-btn-sm" href={video.videoUrl} target="_blank" rel="noopener noreferrer" aria-label={`Open ${video.title}`}>
          Open
        </a>
        <button type="button" className="btn btn-danger trn-btn-sm" onClick={onDelete} aria-label={`Delete ${video.title}`}>
          Delete
        </button>
      </div>
    </li>
  );
}

function Manager() {
  const navigate = useNavigate();
  const toast = useToast();
  const { data, isPending, isError, error } = useVideos();
  const del = useDeleteVideo();
  const [editing, setEditing] = useState<TrainingVideo | null>(null);

  const authLost = () => {
    clearToken();
    navigate(paths.trainingAdminLogin, { replace: true });
  };
  const expired = isError && error instanceof ApiError && error.status === 401;
  useEffect(() => {
    // The token expired or was refused: forget it and sign in again.
    if (expired) authLost();
  });
  if (expired) return null;

  // Logout ends the session on the server (a copy of the token stops working), then forgets the token;
  // a token the server no longer knows is forgotten all the same.
  const logout = async () => {
    try {
      await trainingAdminLogout();
    } catch {
      // Already over on the server (expired or revoked): nothing left to end.
    }
    authLost();
  };

  const onDelete = async (v: TrainingVideo) => {
    if (!window.confirm('Are you sure you want to delete this video?')) return;
    try {
      await del.mutateAsync(v.id);
      if (editing?.id === v.id) setEditing(null);
      toast({ title: 'Video Deleted', description: `"${v.title}" was deleted.` });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return authLost();
      toast({ title: 'Error', description: err instanceof ApiError ? err.serverMessage : 'Failed to delete video', variant: 'destructive' });
    }
  };

  return (
    <div className="trn-admin">
      <div className="container">
        <header className="trn-admin-header">
          <div>
            <h1>Training Video Manager</h1>
            <p className="muted">Add, edit and remove the videos of the Training Center.</p>
          </div>
          <div className="trn-actions">
            <a className="btn btn-outline" href={paths.training} target="_blank" rel="noopener noreferrer">
              View Public Page
            </a>
            <button type="button" className="btn btn-outline" onClick={() => void logout()}>
              Logout
            </button>
          </div>
        </header>
        <div className="trn-admin-grid">
          <VideoForm editing={editing} onDone={() => setEditing(null)} onAuthLost={authLost} />
          <div>
            {isPending ? (
              <p className="trn-status">Loading training videos...</p>
            ) : isError || !data ? (
              <p className="form-error" role="alert">
                Failed to load training videos. Please try again later.
              </p>
            ) : (
              TRAINING_SECTIONS.map((section) => {
                const videos = data.filter((v) => v.section === section);
                return (
                  <section key={section} className="trn-admin-section" aria-labelledby={`adm-sec-${section}`} data-testid="admin-section">
                    <h3 id={`adm-sec-${section}`}>
                      {section} <span className="trn-count">({videos.length})</span>
                    </h3>
                    {videos.length === 0 ? (
                      <p className="muted">No videos uploaded yet</p>
                    ) : (
                      <ul className="trn-admin-list">
                        {videos.map((v) => (
                          <AdminVideoCard
                            key={v.id}
                            video={v}
                            onEdit={() => {
                              setEditing(v);
                              window.scrollTo({ top: 0, behavior: 'smooth' });
                            }}
                            onDelete={() => onDelete(v)}
                          />
                        ))}
                      </ul>
                    )}
                  </section>
                );
              })
            )}
          </div>
        </div>
      </div>
      <footer className="trn-footer">© 2025 Training Center. All rights reserved.</footer>
    </div>
  );
}

export function TrainingAdminPage() {
  if (!readToken()) return <Navigate to={paths.trainingAdminLogin} replace />;
  return <Manager />;
}
