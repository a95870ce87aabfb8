import { webcrypto } from 'node:crypto';
import type { UserRole } from '@app/shared/schemas/auth-token';
import { decodeJwt, errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { AppError } from './app-error.ts';

const ISSUER = 'therapy-marketplace';
const AUDIENCE = 'therapy-marketplace:api';
const ALGORITHMS = ['HS256'];
const HMAC = { name: 'HMAC', hash: 'SHA-256' } as const;

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

/**
 * The HMAC key of a secret, imported once: jose imports raw key bytes again on every call, which
 * cost as much as the signature check itself on each authenticated request.
 */
let lastKey: { secret: string; key: Promise<webcrypto.CryptoKey> } | undefined;

function key(secret: string): Promise<webcrypto.CryptoKey> {
  if (lastKey?.secret !== secret) {
    const imported = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), HMAC, false, [
      'sign',
      'verify',
    ]);
    lastKey = { secret, key: imported };
  }
  return lastKey.key;
}

type SignOptions = { secret: string; ttlSeconds: number; now: Date };

/** A session token of one audience: HS256, our issuer, the session's user as subject, an expiry. */
async function signSessionToken(
  options: SignOptions,
  audience: string,
  claims: Omit<AccessClaims, 'viewMode'>,
  extra: { typ: string } & Record<string, unknown>,
): Promise<string> {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  return new SignJWT({ role: claims.role, sid: claims.sessionId, ...extra })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + options.ttlSeconds)
    .sign(await key(options.secret));
}

/**
 * Checks signature, algorithm, issuer, audience and expiry (jose throws, JWTExpired for a good but
 * old token), then the type and the claims every session token has: its claims and payload, or
 * null when the type or a claim is not what a session token of this audience carries.
 */
async function verifySessionToken(
  options: { secret: string; now: Date },
  audience: string,
  typ: string,
  token: string,
): Promise<{ claims: Omit<AccessClaims, 'viewMode'>; payload: JWTPayload } | null> {
  const { payload } = await jwtVerify(token, await key(options.secret), {
    algorithms: ALGORITHMS,
    issuer: ISSUER,
    audience,
    currentDate: options.now,
    requiredClaims: ['sub', 'exp', 'sid', 'role'],
  });
  const role = payload.role;
  if (payload.typ !== typ || typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
  if (role !== 'client' && role !== 'provider' && role !== 'admin') return null;
  return { claims: { userId: payload.sub, role, sessionId: payload.sid }, payload };
}

export function signAccessToken(options: SignOptions, claims: AccessClaims): Promise<string> {
  // A view-mode token names its admin in the `act` (actor) claim of RFC 8693 and is marked `vm`.
  const viewMode = claims.viewMode ? { vm: true, act: { sub: claims.viewMode.adminId } } : {};
  return signSessionToken(options, AUDIENCE, claims, { typ: 'access', ...viewMode });
}

/** Verifies signature, algorithm, issuer, audience, type and expiry; TOKEN_EXPIRED only for a good but old token. */
export async function verifyAccessToken(options: { secret: string; now: Date }, token: string): Promise<AccessClaims> {
  try {
    const verified = await verifySessionToken(options, AUDIENCE, 'access', token);
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
    if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
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
    return (await verifySessionToken(options, PAGE_AUDIENCE, 'page', token))?.claims ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether a bearer token says it is a view-mode token, read WITHOUT checking its signature: only
 * for refusing (a forged claim can only get a request refused, never let through).
 */
export function claimsViewMode(token: string): boolean {
  try {
    return decodeJwt(token).vm !== undefined;
  } catch {
    return false;
  }
}
