import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** How long a file link lives unless the caller says otherwise. */
export const FILE_LINK_TTL_MS = 5 * 60 * 1000;

const PREFIX = '/api/files/';

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`${secret}:private-files`).digest();
}

/**
 * A short-lived link to one private file: `/api/files/<token>`, the token being the AES-256-GCM
 * encryption (key derived from APP_SECRET) of key, download name and expiry. Sealed, not only
 * signed: a file's name may be personal ("assessment-ada-obi.pdf"), and URLs end up in browser
 * histories, proxies and access logs. Only a caller allowed to see the file is ever given one
 * (access is decided when signing).
 */
export function signFileLink(secret: string, input: { key: string; filename: string; expiresAt: Date }): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const plain = JSON.stringify({ k: input.key, f: input.filename, e: Math.floor(input.expiresAt.getTime() / 1000) });
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The key and name of a link that is intact and not expired; null otherwise. */
export function verifyFileLink(secret: string, token: string, now: Date): { key: string; filename: string } | null {
  const raw = token.startsWith(PREFIX) ? token.slice(PREFIX.length) : token;
  if (raw.length > 2048 || !/^[\w-]+$/.test(raw)) return null;
  const bytes = Buffer.from(raw, 'base64url');
  if (bytes.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    const data = JSON.parse(plain) as { k?: unknown; f?: unknown; e?: unknown };
    if (typeof data.k !== 'string' || typeof data.f !== 'string' || typeof data.e !== 'number') return null;
    if (data.e * 1000 <= now.getTime()) return null;
    return { key: data.k, filename: data.f };
  } catch {
    return null;
  }
}
