// POST /api/training-admin/logout: the server ends the token's session (the shared client sends the token).
import { api } from '@tm/shared/api-client';

export function trainingAdminLogout(): Promise<void> {
  return api.requestJson('POST', '/api/training-admin/logout');
}
