import type { UserRole } from '@app/shared/schemas/auth-token';
import { decodeJwt, errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './app-error.ts';

const ISSUER = 'therapy-marketplace';
const AUDIENCE = 'therapy-marketplace:api';
const ALGORITHMS = ['HS256'];

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

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(
  options: { secret: string; ttlSeconds: number; now: Date },
  claims: AccessClaims,
): Promise<string> {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  // A view-mode token names its admin in the `act` (actor) claim of RFC 8693 and is marked `vm`.
  const viewMode = claims.viewMode ? { vm: true, act: { sub: claims.viewMode.adminId } } : {};
  return new SignJWT({ role: claims.role, sid: claims.sessionId, typ: 'access', ...viewMode })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + options.ttlSeconds)
    .sign(key(options.secret));
}

/** Verifies signature, algorithm, issuer, audience, type and expiry; TOKEN_EXPIRED only for a good but old token. */
export async function verifyAccessToken(options: { secret: string; now: Date }, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key(options.secret), {
      algorithms: ALGORITHMS,
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: options.now,
      requiredClaims: ['sub', 'exp', 'sid', 'role'],
    });
    if (payload.typ !== 'access' || typeof payload.sid !== 'string' || typeof payload.sub !== 'string') {
      throw new AppError('UNAUTHENTICATED');
    }
    const role = payload.role;
    if (role !== 'client' && role !== 'provider' && role !== 'admin') throw new AppError('UNAUTHENTICATED');
    const claims: AccessClaims = { userId: payload.sub, role, sessionId: payload.sid };
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
