import { mkdir, open, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import { CONTENT_TYPES } from './sniff.ts';

/** Private files: never under a public folder, read only through signed links (signed-links.ts). */
export interface PrivateStorage {
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  get(key: string): Promise<{ body: Readable; size: number; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

/** `<area>/<32 hex>.<ext>`: lower-case, no `..`, no leading `/`. */
const KEY_PATTERN = /^(?:[a-z0-9][a-z0-9_-]*\/){1,4}[a-z0-9][a-z0-9_-]*\.[a-z0-9]{1,5}$/;

export function isValidPrivateKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** The content type a key's extension stands for (set from the sniffed kind when stored). */
export function contentTypeOfPrivateKey(key: string): string {
  return (CONTENT_TYPES as Record<string, string>)[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

export function createLocalPrivateStorage(root: string): PrivateStorage {
  const base = path.resolve(root);
  const fileOf = (key: string): string | null => {
    if (!isValidPrivateKey(key)) return null;
    const file = path.resolve(base, key);
    return file.startsWith(base + path.sep) ? file : null;
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      if (!file) throw new Error('invalid private storage key');
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, body, { mode: 0o600 });
      await rename(temporary, file);
    },
    async get(key) {
      const file = fileOf(key);
      if (!file) return null;
      let handle: Awaited<ReturnType<typeof open>> | undefined;
      try {
        handle = await open(file, 'r');
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        return { body: handle.createReadStream(), size: info.size, contentType: contentTypeOfPrivateKey(key) };
      } catch {
        await handle?.close().catch(() => undefined);
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
  };
}

export interface S3Settings {
  bucket: string;
  region?: string;
  endpoint?: string;
}

/** The SDK commands the S3 adapter sends (built apart so tests check them without a network). */
export const s3Commands = {
  put: (settings: S3Settings, key: string, body: Buffer, contentType: string) =>
    new PutObjectCommand({
      Bucket: settings.bucket,
      Key: `private/${key}`,
      Body: body,
      ContentType: contentType,
      ServerSideEncryption: 'AES256',
    }),
  get: (settings: S3Settings, key: string) => new GetObjectCommand({ Bucket: settings.bucket, Key: `private/${key}` }),
  delete: (settings: S3Settings, key: string) =>
    new DeleteObjectCommand({ Bucket: settings.bucket, Key: `private/${key}` }),
};

/** The client part the adapter uses; an S3Client, or a stand-in in tests. */
export interface S3Sender {
  send(command: unknown): Promise<unknown>;
}

/** An S3-compatible bucket (AWS, MinIO, R2 ...); credentials come from the SDK's default chain. */
export function createS3PrivateStorage(settings: S3Settings, client?: S3Sender): PrivateStorage {
  const s3: S3Sender =
    client ??
    (new S3Client({
      region: settings.region ?? 'us-east-1',
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    }) as unknown as S3Sender);
  return {
    async put(key, body, options) {
      if (!isValidPrivateKey(key)) throw new Error('invalid private storage key');
      await s3.send(s3Commands.put(settings, key, body, options.contentType));
    },
    async get(key) {
      if (!isValidPrivateKey(key)) return null;
      try {
        const answer = (await s3.send(s3Commands.get(settings, key))) as {
          Body?: unknown;
          ContentLength?: number;
          ContentType?: string;
        };
        if (!answer.Body) return null;
        const body =
          answer.Body instanceof Readable ? answer.Body : Readable.from(answer.Body as AsyncIterable<Uint8Array>);
        return {
          body,
          size: answer.ContentLength ?? 0,
          contentType: contentTypeOfPrivateKey(key),
        };
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isValidPrivateKey(key)) return;
      await s3.send(s3Commands.delete(settings, key));
    },
  };
}

/** DATA_DIR/private by default; an S3-compatible bucket with STORAGE_DRIVER=s3. */
export function createPrivateStorage(config: Config): PrivateStorage {
  if (config.STORAGE_DRIVER === 's3') {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
    return createS3PrivateStorage({ bucket: config.S3_BUCKET, region: config.S3_REGION, endpoint: config.S3_ENDPOINT });
  }
  return createLocalPrivateStorage(path.join(config.DATA_DIR, 'private'));
}

const storages = new WeakMap<object, PrivateStorage>();

/** The private storage of these deps: the injected one, else the configured driver (made once per config). */
export function privateStorageOf(deps: { config: Config; privateStorage?: PrivateStorage }): PrivateStorage {
  if (deps.privateStorage) return deps.privateStorage;
  let storage = storages.get(deps.config);
  if (!storage) {
    storage = createPrivateStorage(deps.config);
    storages.set(deps.config, storage);
  }
  return storage;
}
