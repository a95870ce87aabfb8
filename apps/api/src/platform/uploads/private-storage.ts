import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';

/** Private files, outside any public folder; served only through signed links. */
export interface PrivateStorage {
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  get(key: string): Promise<{ body: Readable; size: number; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^(?:[a-z0-9][a-z0-9_-]*\/){0,4}[a-z0-9][a-z0-9_-]*(\.[a-z0-9]{1,8})?$/;

/** DATA_DIR/private by default (S3 later); the content type is kept in a sidecar file. */
export function createPrivateStorage(config: Config): PrivateStorage {
  const base = path.resolve(config.DATA_DIR, 'private');
  const fileOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid private storage key');
    return path.join(base, key);
  };
  return {
    async put(key, body, { contentType }) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body, { mode: 0o600 });
      await writeFile(`${file}.type`, contentType, { mode: 0o600 });
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        const contentType = (await readFile(`${file}.type`, 'utf8').catch(() => 'application/octet-stream')).trim();
        return { body: createReadStream(file), size: info.size, contentType };
      } catch {
        return null;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await Promise.all([unlink(file).catch(() => {}), unlink(`${file}.type`).catch(() => {})]);
    },
  };
}
