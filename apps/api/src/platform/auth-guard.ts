import type { UserRole } from '@app/shared/schemas/auth-token';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authSessions, users } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import { type AccessClaims, verifyAccessToken } from './tokens.ts';

export type Actor = AccessClaims;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; routes without it never read it. */
    actor: Actor;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * preHandler: a valid access token whose session is still live and whose user still exists.
 * The session lookup is one primary-key read, so logout and deletion take effect at once.
 */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHENTICATED');
  const { config, clock, db } = request.server.deps;
  const now = clock.now();
  const claims = await verifyAccessToken({ secret: config.APP_SECRET, now }, token);
  const [session] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.id, claims.sessionId),
        eq(authSessions.userId, claims.userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
        isNull(users.deletedAt),
      ),
    );
  if (!session) throw new AppError('UNAUTHENTICATED');
  request.actor = claims;
}

/** preHandler list: signed in, and one of these roles (403 otherwise). */
export function requireRole(...roles: UserRole[]) {
  return [
    authenticate,
    async (request: FastifyRequest) => {
      if (!roles.includes(request.actor.role)) throw new AppError('FORBIDDEN');
    },
  ];
}
