import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque, URL-safe secret (256 bits): refresh tokens, verification and reset links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a high-entropy token. */
export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 6-digit one-time code, uniformly drawn. */
export function randomCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * What the database keeps of a 6-digit code: an HMAC keyed with APP_SECRET and bound to the user,
 * so a leaked table cannot be brute-forced over the million possible codes.
 */
export function codeHash(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
