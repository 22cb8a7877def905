// GET /api/current-user: the session's user, or null when logged out.
import { useQuery, queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '@tm/shared/api-client';
import type { CurrentUser } from '@tm/shared/schemas/auth';
import { currentUserOf, type NoCurrentUser } from '@tm/shared/logic/current-user';

export type SessionUser = CurrentUser & { inactivityTimeoutMs: number };
export const currentUserKey = ['/api/current-user'] as const;

/** Why the last session ended, when the server said (the 401's code): /login explains it. */
let sessionEnded: string | null = null;
export const lastSessionEnd = () => sessionEnded;

export async function getCurrentUser(): Promise<SessionUser | null> {
  try {
    // A visitor gets 200 { user: null }; a session that ended, 401 with why (below).
    const user = currentUserOf(await api.getJson<SessionUser | NoCurrentUser>('/api/current-user'));
    sessionEnded = null;
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      const code = (err.body as { code?: unknown } | null)?.code;
      sessionEnded = typeof code === 'string' ? code : null;
      return null;
    }
    throw err;
  }
}

export const currentUserQuery = (opts: { poll?: boolean } = {}) =>
  queryOptions({ queryKey: currentUserKey, queryFn: getCurrentUser, refetchInterval: opts.poll ? 30_000 : false });

export function useCurrentUser(opts: { poll?: boolean } = {}) {
  return useQuery(currentUserQuery(opts));
}
