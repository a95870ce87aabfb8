import { readCookie } from '@app/shared/cookies';
import type { UserRole } from '@app/shared/schemas/auth-token';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { authSessions, users } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import type { AppDeps } from './deps.ts';
import { prepared } from './prepared.ts';
import { VIEW_MODE_HEADER } from './request-context.ts';
import { type AccessClaims, claimsViewMode, PAGE_COOKIE, verifyAccessToken, verifyPageToken } from './tokens.ts';

export type Actor = AccessClaims;

declare module 'fastify' {
  interface FastifyInstance {
    /** What each guarded route admits, by `METHOD /url` (filled as routes register; app.ts). */
    routeAccess: Map<string, RouteAccess>;
  }
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

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Part of app.ts's onRequest hook, on every route: view mode is read-only. A request that is in view mode (it
 * carries the X-View-Mode header, or its bearer token says it is a view-mode token) and would
 * change anything (any method but GET, HEAD, OPTIONS) is refused with 403 before any route, guard,
 * body parser or rate limit runs, whatever the route: money, bookings, messages, notes, profile,
 * sign-in and sign-out alike.
 */
export function refuseWritesInViewMode(request: FastifyRequest): void {
  if (READ_METHODS.has(request.method)) return;
  const token = bearerToken(request);
  if (request.headers[VIEW_MODE_HEADER] !== undefined || (token && claimsViewMode(token))) {
    throw new AppError('VIEW_MODE_READ_ONLY');
  }
}

/**
 * onRequest: a valid access token whose session is still live and whose user still exists and
 * is not suspended. The session lookup is one primary-key read, so logout, deletion and suspension
 * take effect at once. A view-mode token (back office) rides on its admin's view-mode session: the
 * admin must still be a live, unsuspended admin, the viewed user must still exist, and the request
 * must say it is in view mode (X-View-Mode); `refuseWritesInViewMode` has refused writes already.
 */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHENTICATED');
  const { config, clock, db } = request.server.deps;
  const now = clock.now();
  const claims = await verifyAccessToken({ secret: config.APP_SECRET, now }, token);
  const sessionOwner = claims.viewMode ? claims.viewMode.adminId : claims.userId;
  const ownerRole = await liveSessionRole(db, now, claims.sessionId, sessionOwner);
  if (!ownerRole || (claims.viewMode && ownerRole !== 'admin')) throw new AppError('UNAUTHENTICATED');
  if (claims.viewMode) {
    if (!READ_METHODS.has(request.method)) throw new AppError('VIEW_MODE_READ_ONLY');
    if (request.headers[VIEW_MODE_HEADER] === undefined) throw new AppError('UNAUTHENTICATED');
    const [viewed] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, claims.userId), eq(users.role, claims.role), isNull(users.deletedAt)));
    if (!viewed) throw new AppError('UNAUTHENTICATED');
  }
  request.actor = claims;
}

/**
 * The role of a session's user while the session is live: not revoked, not expired, its user
 * neither deleted nor suspended (one primary-key read); null otherwise. Every signed-in request
 * asks it, so it is a prepared statement.
 */
async function liveSessionRole(db: Db, now: Date, sessionId: string, userId: string): Promise<UserRole | null> {
  const query = prepared(db, 'auth_live_session_role', (name) =>
    db
      .select({ role: users.role })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(
        and(
          eq(authSessions.id, sql.placeholder('sessionId')),
          eq(authSessions.userId, sql.placeholder('userId')),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
          isNull(users.deletedAt),
          isNull(users.suspendedAt),
        ),
      )
      .prepare(name),
  );
  const [session] = await query.execute({ sessionId, userId, now: now.toISOString() });
  return session?.role ?? null;
}

/**
 * Who a page request is from, for server renders of signed-in pages: the page credential cookie
 * (PAGE_COOKIE) of a session that is still live, with the user's current role; null for anyone
 * else. Never an API credential: routes take only bearer tokens.
 */
export async function pageViewer(
  deps: Pick<AppDeps, 'config' | 'clock' | 'db'>,
  cookieHeader: string | null | undefined,
): Promise<Actor | null> {
  const token = readCookie(cookieHeader, PAGE_COOKIE);
  if (!token) return null;
  const now = deps.clock.now();
  const claims = await verifyPageToken({ secret: deps.config.APP_SECRET, now }, token);
  if (!claims) return null;
  const role = await liveSessionRole(deps.db, now, claims.sessionId, claims.userId);
  return role ? { ...claims, role } : null;
}

/**
 * onRequest, after `authenticate`: what no one but its owner may read, even an operator in view
 * mode (clinical notes; a data export, which holds them decrypted). Refused with 403 and a code
 * of its own, so the viewing operator is told why rather than shown an empty page.
 */
export async function ownerOnlyNotInViewMode(request: FastifyRequest): Promise<void> {
  if (request.actor.viewMode) throw new AppError('VIEW_MODE_OWNER_ONLY');
}

/** onRequest list: signed in, and one of these roles (403 otherwise). */
export function requireRole(...roles: UserRole[]) {
  const check = async (request: FastifyRequest) => {
    if (!roles.includes(request.actor.role)) throw new AppError('FORBIDDEN');
  };
  guards.set(check, roles);
  return [authenticate, check];
}

/** Who a route admits: any signed-in user, or only some roles. Public routes have none. */
export type RouteAccess = { roles: 'any' | readonly UserRole[] };

/** The guard functions and what each admits, so the app can check where routes declare them. */
const guards = new WeakMap<object, RouteAccess['roles']>([[authenticate, 'any']]);

function hooksOf(value: unknown): unknown[] {
  return value === undefined ? [] : [value].flat();
}

/**
 * What a route admits, read from its onRequest hooks. Throws when a guard sits in a later stage
 * (preParsing, preValidation, preHandler): access must be decided before the body is parsed or
 * validated, so a caller without the right to a route learns 401/403, never how its body should
 * look (400).
 */
export function routeAccessOf(route: {
  method: string | string[];
  url: string;
  onRequest?: unknown;
  preParsing?: unknown;
  preValidation?: unknown;
  preHandler?: unknown;
}): RouteAccess | null {
  for (const stage of ['preParsing', 'preValidation', 'preHandler'] as const) {
    if (hooksOf(route[stage]).some((hook) => typeof hook === 'function' && guards.has(hook))) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url}: declare authenticate/requireRole in onRequest, not ${stage}`,
      );
    }
  }
  let access: RouteAccess | null = null;
  for (const hook of hooksOf(route.onRequest)) {
    const roles = typeof hook === 'function' ? guards.get(hook) : undefined;
    if (roles === undefined) continue;
    if (roles !== 'any' || access === null) access = { roles };
  }
  return access;
}
