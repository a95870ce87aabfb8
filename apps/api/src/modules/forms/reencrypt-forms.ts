import { and, asc, eq, gt, ne } from 'drizzle-orm';
import { formProgressDigests, formRequests } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type RotationResult, rotateKeys } from '../notes/key-rotation.ts';
import { formSealer } from './sealed.ts';

type ReencryptDeps = Pick<AppDeps, 'db' | 'config' | 'log'>;

/**
 * Key rotation of sent forms: rewrites the draft, answers and result of every form not under the
 * current key (NOTES_ENCRYPTION_KEY_ID) to it, one row per transaction. A row locked meanwhile is
 * left for the next run; a row re-read under the lock that a client saved meanwhile is already
 * under the current key and stays as they wrote it (a draft or submit seals every field it keeps
 * under the current key, so a row never mixes keys). Forms that hold nothing yet have no key.
 * The walk is rotateKeys'.
 */
export async function reencryptForms(
  deps: ReencryptDeps,
  options: { batchSize?: number } = {},
): Promise<RotationResult> {
  const target = formSealer(deps.config).keyId;
  // Sealed charts are a cache of these forms: dropped rather than moved, the next read rebuilds them.
  await deps.db.delete(formProgressDigests).where(ne(formProgressDigests.keyId, target));
  return rotateKeys(
    deps.log,
    'form',
    {
      staleAfter: (after, limit) =>
        deps.db
          .select({ id: formRequests.id })
          .from(formRequests)
          .where(and(ne(formRequests.keyId, target), gt(formRequests.id, after)))
          .orderBy(asc(formRequests.id))
          .limit(limit),
      move: (id) => reencryptOne(deps, id),
      remaining: () => deps.db.$count(formRequests, ne(formRequests.keyId, target)),
    },
    options.batchSize,
  );
}

async function reencryptOne(deps: ReencryptDeps, requestId: string): Promise<boolean> {
  const sealer = formSealer(deps.config);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: formRequests.id,
        keyId: formRequests.keyId,
        draft: formRequests.draft,
        answers: formRequests.answers,
        result: formRequests.result,
      })
      .from(formRequests)
      .where(eq(formRequests.id, requestId))
      .for('update', { skipLocked: true });
    if (!row?.keyId || row.keyId === sealer.keyId) return false;
    const from = row.keyId;
    const move = (value: Buffer | null, field: 'draft' | 'answers' | 'result') =>
      value ? sealer.reseal(from, row.id, field, value) : null;
    const updated = await tx
      .update(formRequests)
      .set({
        keyId: sealer.keyId,
        draft: move(row.draft, 'draft'),
        answers: move(row.answers, 'answers'),
        result: move(row.result, 'result'),
      })
      .where(and(eq(formRequests.id, row.id), eq(formRequests.keyId, from)))
      .returning({ id: formRequests.id });
    return updated.length > 0;
  });
}
