// Call recordings. The preview of a record for sale is served already cut to its last 90 seconds
// (where the appointment is set), so it plays from its start and offers no download; an owned
// recording plays the whole call and has a Download link.
import { useState } from 'react';

export function AudioPlayer({ src, preview = false, label }: { src: string | null; preview?: boolean; label: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <p className="muted small">Recording file not available</p>;
  return (
    <div className="dash-audio">
      <audio controls preload="metadata" src={src} aria-label={label} data-preview={preview ? 'true' : undefined} onError={() => setFailed(true)}>
        Audio playback not supported{' '}
        {!preview && (
          <a href={src} download>
            Download
          </a>
        )}
      </audio>
      {!preview && (
        <a className="small" href={src} download>
          Download recording
        </a>
      )}
    </div>
  );
}
