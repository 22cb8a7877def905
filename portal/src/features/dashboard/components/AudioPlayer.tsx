// Call recordings. The preview of a record for sale starts 90 seconds before the end (where the
// appointment is set); an owned recording plays from the start and has a Download link.
import { useState } from 'react';
import { audioPreviewStart } from '@tm/shared/logic/transcript';

export function AudioPlayer({ src, preview = false, label }: { src: string | null; preview?: boolean; label: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <p className="muted small">Recording file not available</p>;
  return (
    <div className="dash-audio">
      <audio
        controls
        preload="metadata"
        src={src}
        aria-label={label}
        data-preview={preview ? 'true' : undefined}
        onLoadedMetadata={(e) => {
          if (preview) e.currentTarget.currentTime = audioPreviewStart(e.currentTarget.duration);
        }}
        onError={() => setFailed(true)}
      >
        Audio playback not supported{' '}
        <a href={src} download>
          Download
        </a>
      </audio>
      {!preview && (
        <a className="small" href={src} download>
          Download recording
        </a>
      )}
    </div>
  );
}
