import type { Tx } from '../../db/client.ts';
import { formAccessLog } from '../../db/schema/index.ts';

export type FormAccessAction = (typeof formAccessLog.$inferInsert)['action'];

/**
 * Records who touched which sent forms, how and when (never what they hold): in the writer's
 * transaction for writes, before the answer leaves for reads, so an unrecorded read is never
 * served. One row per form, in one statement.
 */
export async function recordFormAccess(
  db: Tx,
  input: { actorId: string; action: FormAccessAction; requestIds: readonly string[]; at: Date },
): Promise<void> {
  if (input.requestIds.length === 0) return;
  await db.insert(formAccessLog).values(
    input.requestIds.map((requestId) => ({
      requestId,
      actorId: input.actorId,
      action: input.action,
      createdAt: input.at,
    })),
  );
}
