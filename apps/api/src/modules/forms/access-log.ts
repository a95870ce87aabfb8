import { sql } from 'drizzle-orm';
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
  // One array parameter, whatever the count: a chart's read of hundreds of forms is one short
  // statement to parse, not four parameters per form.
  await db.execute(
    sql`INSERT INTO ${formAccessLog} (request_id, actor_id, action, created_at)
      SELECT request_id, ${input.actorId}, ${input.action}, ${input.at.toISOString()}::timestamptz
      FROM unnest(${sql.param([...input.requestIds])}::uuid[]) AS request_id`,
  );
}
