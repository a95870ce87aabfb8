import { api } from '#app/api/client';

/** POST /auth/invalidate: ends this session on the server and clears the refresh cookie. */
export function invalidateSession(): Promise<void> {
  return api<void>('/auth/invalidate', { method: 'POST' });
}
