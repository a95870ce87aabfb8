import type { UserRole } from '@app/shared/schemas/auth-token';
import { createDecoder, createSigner, createVerifier, TokenError } from 'fast-jwt';
import { AppError } from './app-error.ts';

const ISSUER = 'therapy-marketplace';
const AUDIENCE = 'therapy-marketplace:api';
const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: string;
  role: UserRole;
  sessionId: string;
  /**
   * Only on a view-mode token (back office): an admin sees the app as `userId`, read-only. The
   * session (`sessionId`) is the admin's view-mode session, so ending it ends the token at once.
   */
  viewMode?: { adminId: string };
}

/** A token's claims as they were signed (fast-jwt decodes them untyped). */
type Payload = Record<string, unknown>;

type SignOptions = { secret: string; ttlSeconds: number; now: Date };

/**
 * A session token of one audience: HS256, our issuer, the session's user as subject, an expiry.
 * Signed and checked with fast-jwt, which computes the HMAC synchronously: every signed-in
 * request checks one (docs/decisions/security-session-tokens-checked-synchronously.md).
 */
async function signSessionToken(
  options: SignOptions,
  audience: string,
  claims: Omit<AccessClaims, 'viewMode'>,
  extra: { typ: string } & Record<string, unknown>,
): Promise<string> {
  const sign = createSigner({
    key: options.secret,
    algorithm: ALGORITHM,
    iss: ISSUER,
    aud: audience,
    sub: claims.userId,
    // iat from this clock, exp that many seconds after it.
    clockTimestamp: options.now.getTime(),
    expiresIn: options.ttlSeconds * 1000,
  });
  return sign({ role: claims.role, sid: claims.sessionId, ...extra });
}

/**
 * Checks signature, algorithm, issuer, audience and expiry (fast-jwt throws, FAST_JWT_EXPIRED for
 * a good but old token), then the type and the claims every session token has: its claims and
 * payload, or null when the type or a claim is not what a session token of this audience carries.
 */
function verifySessionToken(
  options: { secret: string; now: Date },
  audience: string,
  typ: string,
  token: string,
): { claims: Omit<AccessClaims, 'viewMode'>; payload: Payload } | null {
  const verify = createVerifier({
    key: options.secret,
    algorithms: [ALGORITHM],
    allowedIss: ISSUER,
    allowedAud: audience,
    requiredClaims: ['sub', 'exp', 'sid', 'role'],
    clockTimestamp: options.now.getTime(),
  });
  const payload = verify(token) as Payload;
  const role = payload.role;
  if (payload.typ !== typ || typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
  if (role !== 'client' && role !== 'provider' && role !== 'admin') return null;
  return { claims: { userId: payload.sub, role, sessionId: payload.sid }, payload };
}

const isExpired = (error: unknown) => error instanceof TokenError && error.code === TokenError.codes.expired;

export function signAccessToken(options: SignOptions, claims: AccessClaims): Promise<string> {
  // A view-mode token names its admin in the `act` (actor) claim of RFC 8693 and is marked `vm`.
  const viewMode = claims.viewMode ? { vm: true, act: { sub: claims.viewMode.adminId } } : {};
  return signSessionToken(options, AUDIENCE, claims, { typ: 'access', ...viewMode });
}

/** Verifies signature, algorithm, issuer, audience, type and expiry; TOKEN_EXPIRED only for a good but old token. */
export async function verifyAccessToken(options: { secret: string; now: Date }, token: string): Promise<AccessClaims> {
  try {
    const verified = verifySessionToken(options, AUDIENCE, 'access', token);
    if (!verified) throw new AppError('UNAUTHENTICATED');
    const { payload } = verified;
    const claims: AccessClaims = { ...verified.claims };
    if (payload.vm !== undefined) {
      const adminId = (payload.act as { sub?: unknown } | undefined)?.sub;
      if (payload.vm !== true || typeof adminId !== 'string') throw new AppError('UNAUTHENTICATED');
      claims.viewMode = { adminId };
    }
    return claims;
  } catch (error) {
    if (isExpired(error)) throw new AppError('TOKEN_EXPIRED');
    if (error instanceof AppError) throw error;
    throw new AppError('UNAUTHENTICATED');
  }
}

const PAGE_AUDIENCE = 'therapy-marketplace:web';

/** The page credential's cookie: httpOnly, SameSite=Strict, path / (modules/auth/refresh-cookie.ts). */
export const PAGE_COOKIE = 'pt';

/**
 * The page credential (cookie `pt`, docs/decisions/web-signed-in-pages-render-on-the-server-at-first.md):
 * who the browser's session is, for server renders of signed-in pages only. Its own type and
 * audience, so it is never accepted as a bearer token, and it carries no view mode.
 */
export function signPageToken(options: SignOptions, claims: Omit<AccessClaims, 'viewMode'>): Promise<string> {
  return signSessionToken(options, PAGE_AUDIENCE, claims, { typ: 'page' });
}

/** The page credential's claims, or null for anything else (absent, forged, expired, another type). */
export async function verifyPageToken(
  options: { secret: string; now: Date },
  token: string,
): Promise<Omit<AccessClaims, 'viewMode'> | null> {
  try {
    return verifySessionToken(options, PAGE_AUDIENCE, 'page', token)?.claims ?? null;
  } catch {
    return null;
  }
}

/** A token's claims read WITHOUT checking its signature (fast-jwt's decoder). */
export const decodeToken = createDecoder();

/**
 * Whether a bearer token says it is a view-mode token, read WITHOUT checking its signature: only
 * for refusing (a forged claim can only get a request refused, never let through).
 */
export function claimsViewMode(token: string): boolean {
  try {
    return (decodeToken(token) as Payload).vm !== undefined;
  } catch {
    return false;
  }
}
