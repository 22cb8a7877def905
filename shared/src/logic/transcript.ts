// Previews of call records for sale: the end of a call is where the appointment is set, so the
// previews show its tail (audio from the last 90 seconds, the last 500 characters of text). The
// audio is cut by the server (api/src/services/media/audio-preview.ts): a preview link never
// carries the whole recording.

export const AUDIO_PREVIEW_SECONDS = 90;
export const TRANSCRIPT_PREVIEW_CHARS = 500;
export const TRANSCRIPT_KEEP_RATIO = 0.65;
export const TRANSCRIPT_MIN_LINES = 3;

/** The last `chars` characters of a transcript, with an ellipsis when something was cut. */
export function transcriptTail(transcript: string | null | undefined, chars = TRANSCRIPT_PREVIEW_CHARS): string {
  const text = String(transcript ?? '').trim();
  if (text.length <= chars) return text;
  return '…' + text.slice(text.length - chars);
}

/**
 * Keeps the last 65 percent of the transcript's non-empty lines (rounded up), at least 3
 * (all of them when there are fewer).
 */
export function transcriptLastLines(transcript: string | null | undefined, ratio = TRANSCRIPT_KEEP_RATIO, minLines = TRANSCRIPT_MIN_LINES): string[] {
  const lines = String(transcript ?? '')
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
  const keep = Math.min(lines.length, Math.max(minLines, Math.ceil(lines.length * ratio)));
  return lines.slice(lines.length - keep);
}
