import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed links live this long by default. */
export const FILE_LINK_TTL_MS = 5 * 60 * 1000;

function mac(secret: string, payload: string): string {
  return createHmac('sha256', `file-link:${secret}`).update(payload).digest('base64url');
}

/** '/api/files/<token>': the token carries key, filename and expiry, signed with HMAC-SHA256. */
export function signFileLink(secret: string, input: { key: string; filename: string; expiresAt: Date }): string {
  const payload = Buffer.from(
    JSON.stringify({ k: input.key, f: input.filename, e: Math.floor(input.expiresAt.getTime() / 1000) }),
  ).toString('base64url');
  return `/api/files/${payload}.${mac(secret, payload)}`;
}

export function verifyFileLink(secret: string, token: string, now: Date): { key: string; filename: string } | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { k: string; f: string; e: number };
    if (typeof data.k !== 'string' || typeof data.f !== 'string' || typeof data.e !== 'number') return null;
    if (data.e * 1000 <= now.getTime()) return null;
    return { key: data.k, filename: data.f };
  } catch {
    return null;
  }
}
