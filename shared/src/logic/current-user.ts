// GET /api/current-user's two answers (issue 35 A12): a logged-in user's profile, or `{ user: null }` for
// a visitor (200, so a public page's check logs no console error). Free of zod: the checkout's first
// bundle imports it.

/** What GET /api/current-user answers to a visitor (no session cookie). */
export interface NoCurrentUser {
  user: null;
}

/** The user of a GET /api/current-user answer: null for a visitor's `{ user: null }` (or a read that gave nothing). */
export function currentUserOf<T extends object>(body: T | NoCurrentUser | null | undefined): T | null {
  return !body || ('user' in body && body.user === null) ? null : (body as T);
}
