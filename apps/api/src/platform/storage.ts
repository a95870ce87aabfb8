import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';

/**
 * Where files live. Keys are relative, lower-case paths such as `profiles/3f9c…-512.webp`;
 * the local adapter keeps them on disk, an S3-compatible adapter can implement the same
 * interface later (publicUrl would then point at the bucket or CDN).
 */
export interface Storage {
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  /** A stream of the file and its size, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a browser loads the file from. */
  publicUrl(key: string): string;
}

export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
}

/** Lower-case segments of letters, digits, `-` and `_`, one dot before a known extension: no `..`, no `/` at the start. */
const KEY_PATTERN = /^(?:[a-z0-9][a-z0-9_-]*\/){0,4}[a-z0-9][a-z0-9_-]*\.(webp|png|jpg)$/;

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
};

export function isValidStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** A random, unguessable key: `<prefix>/<32 hex>`; callers append a suffix and extension. */
export function randomKeyBase(prefix: string): string {
  return `${prefix}/${randomBytes(16).toString('hex')}`;
}

/** The public URL prefix under which the app serves public files (outside /api). */
export const MEDIA_PREFIX = '/media';

export function createLocalStorage(root: string, urlPrefix = MEDIA_PREFIX): Storage {
  const base = path.resolve(root);

  /** The absolute path of a key, or null when the key could leave the root. */
  function fileOf(key: string): string | null {
    if (!isValidStorageKey(key)) return null;
    const file = path.resolve(base, key);
    return file.startsWith(`${base}${path.sep}`) ? file : null;
  }

  return {
    async put(key, body) {
      const file = fileOf(key);
      if (!file) throw new Error(`Invalid storage key: ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file, two writers never interleave.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async get(key) {
      const file = fileOf(key);
      if (!file) return null;
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), size: info.size, contentType: contentTypeOfKey(key) };
      } catch {
        return null;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      if (!file) return;
      await unlink(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    publicUrl(key) {
      return `${urlPrefix}/${key}`;
    },
  };
}

const cache = new Map<string, Storage>();

/**
 * Public files (profile pictures, avatars): served to anyone at /media/<key> with long caching,
 * so keys must be unguessable and never reused. Kept under `${DATA_DIR}/uploads/public`.
 */
export function publicStorage(config: Pick<Config, 'DATA_DIR'>): Storage {
  const root = path.resolve(config.DATA_DIR, 'uploads', 'public');
  let storage = cache.get(root);
  if (!storage) {
    storage = createLocalStorage(root);
    cache.set(root, storage);
  }
  return storage;
}
