// POST /api/login. A plain call, not a React Query mutation: the login page renders before the query
// provider (and its library) is loaded, see app/main.tsx; the screens after it start with a new cache.
import { api } from '@tm/shared/api-client';
import type { LoginInput, CurrentUser } from '@tm/shared/schemas/auth';

export function login(input: LoginInput): Promise<{ user: CurrentUser }> {
  return api.requestJson('POST', '/api/login', input);
}
