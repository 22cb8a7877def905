// The training admin's token in local storage (key training-admin-token; the shared client attaches it
// to /api/training-videos calls). Its payload carries the expiry, so an expired token counts as none.
import { TRAINING_ADMIN_TOKEN_KEY } from '@tm/shared/api-client';

export function readToken(): string | null {
  try {
    const token = localStorage.getItem(TRAINING_ADMIN_TOKEN_KEY);
    if (!token) return null;
    const body = token.split('.')[0] ?? '';
    const payload = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    if (typeof payload.exp === 'number' && payload.exp <= Date.now()) {
      localStorage.removeItem(TRAINING_ADMIN_TOKEN_KEY);
      return null;
    }
    return token;
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  localStorage.setItem(TRAINING_ADMIN_TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TRAINING_ADMIN_TOKEN_KEY);
}
