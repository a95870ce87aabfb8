import type { Tx } from '../../db/client.ts';
import { preferenceOptions } from '../../db/schema/index.ts';

/** Reference data changes only when it is seeded; a search reads it from memory, refreshed at most this often. */
const TTL_MS = 5 * 60_000;

const cache = new WeakMap<object, { at: number; ids: Promise<Map<string, string>> }>();

/** `list|key` → option id of every preference option, kept per database handle. */
export function preferenceOptionIds(db: Tx): Promise<Map<string, string>> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.at < TTL_MS) return cached.ids;
  const ids = db
    .select({ id: preferenceOptions.id, list: preferenceOptions.list, key: preferenceOptions.key })
    .from(preferenceOptions)
    .then((rows) => new Map(rows.map((row) => [`${row.list}|${row.key}`, row.id])));
  cache.set(db, { at: Date.now(), ids });
  ids.catch(() => cache.delete(db));
  return ids;
}
