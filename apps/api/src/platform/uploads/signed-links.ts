import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a file link lives unless the caller says otherwise. */
export const FILE_LINK_TTL_MS = 5 * 60 * 1000;

const PREFIX = '/api/files/';

function mac(secret: string, payload: string): string {
  return createHmac('sha256', `${secret}:private-files`).update(payload).digest('base64url');
}

/**
 * A short-lived link to one private file: `/api/files/<payload>.<mac>`, the payload being the
 * base64url JSON of key, download name and expiry. Only a caller allowed to see the file is
 * ever given one (access is decided when signing).
 */
export function signFileLink(secret: string, input: { key: string; filename: string; expiresAt: Date }): string {
  const payload = Buffer.from(
    JSON.stringify({ k: input.key, f: input.filename, e: Math.floor(input.expiresAt.getTime() / 1000) }),
  ).toString('base64url');
  return `${PREFIX}${payload}.${mac(secret, payload)}`;
}

/** The key and name of a link that is intact and not expired; null otherwise. */
export function verifyFileLink(secret: string, token: string, now: Date): { key: string; filename: string } | null {
  const raw = token.startsWith(PREFIX) ? token.slice(PREFIX.length) : token;
  const dot = raw.indexOf('.');
  if (dot <= 0 || raw.length > 2048) return null;
  const payload = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      k?: unknown;
      f?: unknown;
      e?: unknown;
    };
    if (typeof data.k !== 'string' || typeof data.f !== 'string' || typeof data.e !== 'number') return null;
    if (data.e * 1000 <= now.getTime()) return null;
    return { key: data.k, filename: data.f };
  } catch {
    return null;
  }
}
