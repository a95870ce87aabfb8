import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Files whose bytes must not be readable where they are stored — a data export holds a
 * provider's decrypted clinical notes and everyone's messages — live under `sealed/` and are
 * sealed with AES-256-GCM under a key derived (HKDF) from APP_SECRET and their storage key, which
 * is also their additional data: a copy of the bucket alone reveals nothing, and a sealed file
 * moved to another key does not open. `GET /api/files/*` opens them on the way out.
 */
export const SEALED_AREA = 'sealed/';

export function isSealedKey(storageKey: string): boolean {
  return storageKey.startsWith(SEALED_AREA);
}

function keyFor(secret: string, storageKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, storageKey, 'therapyhub:sealed-file', 32));
}

/** iv (12) | tag (16) | ciphertext. */
export function sealAtRest(secret: string, storageKey: string, plain: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, storageKey), iv);
  cipher.setAAD(Buffer.from(storageKey, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

/** The plain bytes; throws when the file was altered, moved or sealed under another secret. */
export function openAtRest(secret: string, storageKey: string, sealed: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, storageKey), sealed.subarray(0, 12));
  decipher.setAAD(Buffer.from(storageKey, 'utf8'));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
}
