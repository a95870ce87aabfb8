import { eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { formAccessLog } from '../../db/schema/index.ts';

export type FormAccessAction = (typeof formAccessLog.$inferInsert)['action'];

/**
 * Records who touched which sent forms, how and when (never what they hold): in the writer's
 * transaction for writes, before the answer leaves for reads, so an unrecorded read is never
 * served. One row per access: a single form by its id, several opened together (a progress
 * chart of hundreds of measures, a list) as one row naming them all.
 */
export async function recordFormAccess(
  db: Tx,
  input: { actorId: string; action: FormAccessAction; requestIds: readonly string[]; at: Date },
): Promise<void> {
  const [only, ...more] = input.requestIds;
  if (!only) return;
  await db.insert(formAccessLog).values({
    requestId: more.length === 0 ? only : null,
    requestIds: more.length === 0 ? null : [...input.requestIds],
    actorId: input.actorId,
    action: input.action,
    createdAt: input.at,
  });
}

/** Every recorded access to one form, oldest first (investigations, tests). */
export function formAccessOf(db: Tx, requestId: string) {
  return db
    .select({ action: formAccessLog.action, actorId: formAccessLog.actorId, createdAt: formAccessLog.createdAt })
    .from(formAccessLog)
    .where(or(eq(formAccessLog.requestId, requestId), sql`${formAccessLog.requestIds} @> ARRAY[${requestId}]::uuid[]`))
    .orderBy(formAccessLog.id);
}
