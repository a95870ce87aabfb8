import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_COOKIE, signPageToken, verifyAccessToken } from '../../platform/tokens.ts';

/**
 * The web app's refresh token travels in an httpOnly cookie scoped to /api/auth, so page scripts
 * never see it; API clients keep using the bearer contract of SPEC.md §7 (docs/decisions/foundation-where-the-web-keeps-its-tokens.md).
 * Beside it goes the page credential (PAGE_COOKIE): httpOnly, SameSite=Strict, for every path,
 * read only by the server renders of signed-in pages (platform/auth-guard.ts `pageViewer`).
 */
export const REFRESH_COOKIE = 'rt';
export const REFRESH_COOKIE_PATH = '/api/auth';

/** Sets both session cookies from a login or refresh answer; each lives as long as the refresh token. */
export async function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { token: string; refreshToken: string; refreshTokenExp: number },
): Promise<void> {
  const { config, clock } = request.server.deps;
  const now = clock.now();
  const secure = request.protocol === 'https';
  reply.setCookie(REFRESH_COOKIE, answer.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: REFRESH_COOKIE_PATH,
    maxAge: answer.refreshTokenExp,
  });
  const claims = await verifyAccessToken({ secret: config.APP_SECRET, now }, answer.token);
  const pageToken = await signPageToken(
    { secret: config.APP_SECRET, ttlSeconds: answer.refreshTokenExp, now },
    { userId: claims.userId, role: claims.role, sessionId: claims.sessionId },
  );
  reply.setCookie(PAGE_COOKIE, pageToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: answer.refreshTokenExp,
  });
}

/** Signing out: both session cookies go. */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
  reply.clearCookie(PAGE_COOKIE, { path: '/' });
}
