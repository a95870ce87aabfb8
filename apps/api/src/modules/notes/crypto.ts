import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';

/**
 * Encryption of clinical notes at rest: AES-256-GCM (authenticated) with a random 96-bit IV per
 * value. A sealed value is `version (1 byte) | iv (12) | tag (16) | ciphertext`; the key's id is
 * stored beside it (notes.key_id). The additional data binds a value to its note and field, so a
 * ciphertext copied onto another note or field does not open.
 *
 * Keys come from NOTES_ENCRYPTION_KEYS (`id:base64`, comma-separated) and new values are written
 * under NOTES_ENCRYPTION_KEY_ID. Without configured keys, the key `app` is derived from
 * APP_SECRET (HKDF-SHA256): zero setup, at the price that whoever holds APP_SECRET holds the
 * notes (docs/decisions/notes-notes-are-encrypted-per-value-with-aes-256-gcm-keys.md). `app` stays readable after keys are configured, until
 * `npm run notes:reencrypt` has moved every note (and every sent form) to the current key.
 */
export interface NoteKeyring {
  currentId: string;
  keys: ReadonlyMap<string, Buffer>;
}

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const DERIVED_KEY_ID = 'app';

export class NoteKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoteKeyError';
  }
}

type KeyConfig = Pick<Config, 'APP_SECRET' | 'NOTES_ENCRYPTION_KEYS' | 'NOTES_ENCRYPTION_KEY_ID'>;

export function buildKeyring(config: KeyConfig): NoteKeyring {
  const keys = new Map<string, Buffer>();
  keys.set(
    DERIVED_KEY_ID,
    Buffer.from(hkdfSync('sha256', config.APP_SECRET, 'therapyhub-notes', 'notes-encryption-key:v1', 32)),
  );
  const configured = (config.NOTES_ENCRYPTION_KEYS ?? '').split(',').filter(Boolean);
  for (const pair of configured) {
    const colon = pair.indexOf(':');
    const key = Buffer.from(pair.slice(colon + 1), 'base64');
    if (colon <= 0 || key.length !== 32) throw new NoteKeyError('NOTES_ENCRYPTION_KEYS holds a malformed key');
    keys.set(pair.slice(0, colon), key);
  }
  const lastConfigured = configured.at(-1)?.split(':')[0];
  const currentId = config.NOTES_ENCRYPTION_KEY_ID ?? lastConfigured ?? DERIVED_KEY_ID;
  if (!keys.has(currentId)) throw new NoteKeyError(`NOTES_ENCRYPTION_KEY_ID names no key`);
  return { currentId, keys };
}

const keyrings = new WeakMap<object, NoteKeyring>();

/** The keyring of a configuration (built once per config object). */
export function keyringOf(config: KeyConfig): NoteKeyring {
  let ring = keyrings.get(config);
  if (!ring) {
    ring = buildKeyring(config);
    keyrings.set(config, ring);
  }
  return ring;
}

function keyOf(ring: NoteKeyring, keyId: string): Buffer {
  const key = ring.keys.get(keyId);
  if (!key) throw new NoteKeyError(`no note key with id ${keyId}`);
  return key;
}

/** The additional data of one field of one note. */
export function noteAad(noteId: string, field: 'title' | 'content' | 'file-name' | 'file'): Buffer {
  return Buffer.from(`notes:${noteId}:${field}`);
}

export function seal(ring: NoteKeyring, keyId: string, plaintext: Buffer | string, aad: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(ring, keyId), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const body = Buffer.concat([
    cipher.update(typeof plaintext === 'string' ? Buffer.from(plaintext) : plaintext),
    cipher.final(),
  ]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

/** The plaintext of a sealed value; throws NoteKeyError when the key is unknown or the value was altered. */
export function unseal(ring: NoteKeyring, keyId: string, sealed: Buffer, aad: Buffer): Buffer {
  if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) throw new NoteKeyError('not a sealed value');
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', keyOf(ring, keyId), iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new NoteKeyError('a sealed value does not authenticate');
  }
}

export const sealText = (ring: NoteKeyring, keyId: string, text: string, aad: Buffer): Buffer =>
  seal(ring, keyId, Buffer.from(text, 'utf8'), aad);

export const unsealText = (ring: NoteKeyring, keyId: string, sealed: Buffer, aad: Buffer): string =>
  unseal(ring, keyId, sealed, aad).toString('utf8');
