import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web app's refresh token travels in an httpOnly cookie scoped to /api/auth, so page scripts
 * never see it; API clients keep using the bearer contract of SPEC.md §7 (docs/decisions.md).
 */
export const REFRESH_COOKIE = 'rt';
export const REFRESH_COOKIE_PATH = '/api/auth';

export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { refreshToken: string; refreshTokenExp: number },
): void {
  reply.setCookie(REFRESH_COOKIE, answer.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: REFRESH_COOKIE_PATH,
    maxAge: answer.refreshTokenExp,
  });
}
