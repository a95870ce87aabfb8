import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../platform/deps.ts';

export { privateStorageOf } from '../../platform/uploads/private-storage.ts';

import { FILE_LINK_TTL_MS, signFileLink } from '../../platform/uploads/signed-links.ts';

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
