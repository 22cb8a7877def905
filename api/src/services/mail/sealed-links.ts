// A message's one live link (set-password, reset, e-mail change) never rests readable in the outbox
// (issue 35 A5, decision 220): the stored text and HTML show it masked (its token replaced by "hidden"),
// and the link itself is kept sealed with AES-256-GCM under a key derived from SESSION_SECRET until the
// sender puts it back into the message it sends; then it is cleared. An admin reading the outbox sees the
// masked link only.
import crypto from 'node:crypto';

const HIDDEN = 'hidden';

const keyOf = (secret: string) => crypto.hkdfSync('sha256', secret, 'transferline-outbox', 'outbox-link-seal', 32);

/** The link as the outbox shows it: every query value replaced by "hidden" (the token never shows). */
export function maskLink(url: string): string {
  const u = new URL(url);
  for (const k of [...u.searchParams.keys()]) u.searchParams.set(k, HIDDEN);
  return u.toString();
}

export function sealLink(secret: string, url: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(keyOf(secret)), iv);
  const body = Buffer.concat([cipher.update(url, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed link, or null when it does not open under this secret (SESSION_SECRET changed). */
export function openLink(secret: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(keyOf(secret)), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `text` and `html` with every copy of `from` (as written, and as the HTML escapes it) turned into `to`. */
export function swapLink<T extends { text: string; html: string }>(body: T, from: string, to: string): T {
  return { ...body, text: body.text.split(from).join(to), html: body.html.split(esc(from)).join(esc(to)).split(from).join(to) };
}
