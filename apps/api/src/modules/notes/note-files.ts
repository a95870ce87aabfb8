import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../platform/deps.ts';
import { privateStorageOf } from '../../platform/uploads/private-storage.ts';
import { FILE_LINK_TTL_MS } from '../../platform/uploads/signed-links.ts';
import { type NoteKeyring, noteAad, seal, unseal } from './crypto.ts';

type FileDeps = Pick<AppDeps, 'config' | 'privateStorage'>;

/** A new unguessable storage key for a note's encrypted file (the kind is kept in the row). */
export function noteFileKey(): string {
  return `notes/${randomBytes(16).toString('hex')}.enc`;
}

/** Encrypts a note's file and stores only the ciphertext. */
export async function putNoteFile(
  deps: FileDeps,
  input: { ring: NoteKeyring; keyId: string; noteId: string; key: string; bytes: Buffer },
): Promise<void> {
  const sealed = seal(input.ring, input.keyId, input.bytes, noteAad(input.noteId, 'file'));
  await privateStorageOf(deps).put(input.key, sealed, { contentType: 'application/octet-stream' });
}

/** The decrypted bytes of a note's file; null when storage has no such file. */
export async function readNoteFile(
  deps: FileDeps,
  input: { ring: NoteKeyring; keyId: string; noteId: string; key: string },
): Promise<Buffer | null> {
  const file = await privateStorageOf(deps).get(input.key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return unseal(input.ring, input.keyId, Buffer.concat(chunks), noteAad(input.noteId, 'file'));
}

/** Deletes stored note files; a failure leaves only an unreadable orphan, never fails the request. */
export async function removeNoteFiles(deps: FileDeps, keys: readonly (string | null)[]): Promise<void> {
  const storage = privateStorageOf(deps);
  await Promise.allSettled(keys.filter((key): key is string => Boolean(key)).map((key) => storage.delete(key)));
}

const PREFIX = '/api/note/file/';

function mac(secret: string, payload: string): string {
  return createHmac('sha256', `${secret}:note-files`).update(payload).digest('base64url');
}

/**
 * A short-lived link to one note's file for its author: `/api/note/file/<payload>.<mac>`, the
 * payload naming the note, the provider it was signed for and the expiry. The download route
 * checks the note still belongs to that provider, decrypts it and records the download.
 */
export function signNoteFileLink(secret: string, input: { noteId: string; providerId: string; now: Date }): string {
  const payload = Buffer.from(
    JSON.stringify({
      n: input.noteId,
      p: input.providerId,
      e: Math.floor((input.now.getTime() + FILE_LINK_TTL_MS) / 1000),
    }),
  ).toString('base64url');
  return `${PREFIX}${payload}.${mac(secret, payload)}`;
}

export function verifyNoteFileLink(
  secret: string,
  token: string,
  now: Date,
): { noteId: string; providerId: string } | null {
  const raw = token.startsWith(PREFIX) ? token.slice(PREFIX.length) : token;
  const dot = raw.indexOf('.');
  if (dot <= 0 || raw.length > 1024) return null;
  const payload = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      n?: unknown;
      p?: unknown;
      e?: unknown;
    };
    if (typeof data.n !== 'string' || typeof data.p !== 'string' || typeof data.e !== 'number') return null;
    if (data.e * 1000 <= now.getTime()) return null;
    return { noteId: data.n, providerId: data.p };
  } catch {
    return null;
  }
}
