import type { AppDeps } from '../../platform/deps.ts';

export interface RotationResult {
  moved: number;
  remaining: number;
  failed: number;
}

/**
 * The walk of a key rotation, the same for every record sealed with the notes' keyring: the ids
 * of rows not under the current key in keyset order (`staleAfter`), each moved in its own
 * transaction (`move`: false when it was locked or changed meanwhile and is left for the next
 * run). A row that fails is logged, counted and passed (it stays behind the keyset, so it is not
 * retried in this run). Safe to stop and rerun; `remaining` says what is left.
 */
export async function rotateKeys(
  log: AppDeps['log'],
  record: string,
  steps: {
    staleAfter: (after: string, limit: number) => Promise<Array<{ id: string }>>;
    move: (id: string) => Promise<boolean>;
    remaining: () => Promise<number>;
  },
  batchSize = 100,
): Promise<RotationResult> {
  let moved = 0;
  let failed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await steps.staleAfter(after, batchSize);
    if (batch.length === 0) break;
    for (const { id } of batch) {
      after = id;
      try {
        if (await steps.move(id)) moved += 1;
      } catch (error) {
        failed += 1;
        log.error({ err: error, record, id }, 'key rotation: a row could not be re-encrypted');
      }
    }
  }
  return { moved, remaining: await steps.remaining(), failed };
}
