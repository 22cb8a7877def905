// Confetti that works under the site's Content-Security-Policy. canvas-confetti's default cannon draws
// in a Web Worker built from a blob: URL, which the policy (no blob: scripts) blocks without an error
// the library can catch, so nothing ever showed. This cannon draws on the page's own thread
// (useWorker: false) on a canvas the library adds to the page; the policy stays as narrow as it was.
import confetti from 'canvas-confetti';

let cannon: confetti.CreateTypes | null = null;

export type ConfettiOptions = confetti.Options;

export function fireConfetti(options: ConfettiOptions): Promise<null> | null {
  cannon ??= confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
  return cannon(options);
}
