import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../platform/deps.ts';
import { createPrivateStorage, type PrivateStorage } from '../../platform/uploads/private-storage.ts';
import { FILE_LINK_TTL_MS, signFileLink } from '../../platform/uploads/signed-links.ts';

const cache = new WeakMap<object, PrivateStorage>();

/** The private storage of these deps (the injected one, else the configured driver, made once). */
export function privateStorageOf(deps: Pick<AppDeps, 'config' | 'privateStorage'>): PrivateStorage {
  if (deps.privateStorage) return deps.privateStorage;
  let storage = cache.get(deps.config);
  if (!storage) {
    storage = createPrivateStorage(deps.config);
    cache.set(deps.config, storage);
  }
  return storage;
}

/** A new unguessable key for a credential document. */
export function credentialKey(area: 'qualifications' | 'insurance', extension: string): string {
  return `credentials/${area}/${randomBytes(16).toString('hex')}.${extension}`;
}

/** A signed link (5 minutes) for a caller already allowed to see the file. */
export function fileLink(
  deps: Pick<AppDeps, 'config'>,
  now: Date,
  file: { storageKey: string; filename: string },
): string {
  return signFileLink(deps.config.APP_SECRET, {
    key: file.storageKey,
    filename: file.filename,
    expiresAt: new Date(now.getTime() + FILE_LINK_TTL_MS),
  });
}
