// GET /api/current-user: the session's user, or null when logged out.
import { useQuery, queryOptions } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { CurrentUser } from '@tm/shared/schemas/auth';

export type SessionUser = CurrentUser & { inactivityTimeoutMs: number };
export const currentUserKey = ['/api/current-user'] as const;

export function getCurrentUser(): Promise<SessionUser | null> {
  return api.getJson<SessionUser>('/api/current-user', { on401: 'returnNull' });
}

export const currentUserQuery = (opts: { poll?: boolean } = {}) =>
  queryOptions({ queryKey: currentUserKey, queryFn: getCurrentUser, refetchInterval: opts.poll ? 30_000 : false });

export function useCurrentUser(opts: { poll?: boolean } = {}) {
  return useQuery(currentUserQuery(opts));
}
