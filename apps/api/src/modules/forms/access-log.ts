import { eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
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
  if (input.requestIds.length === 0) return;
  await db.execute(formAccessInsert(uuidArray(input.requestIds), input));
}

/** A uuid[] value for a statement (the ids come from the database or a checked request). */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The INSERT recordFormAccess runs, for a statement that reads forms and records the read in one
 * round trip: `ids` is any uuid[] expression (a sub-select of what it read); none read, no row.
 */
export function formAccessInsert(
  ids: SQL,
  input: { actorId: string | SQLWrapper; action: FormAccessAction; at: Date | SQLWrapper },
): SQL {
  const at = input.at instanceof Date ? input.at.toISOString() : input.at;
  return sql`INSERT INTO ${formAccessLog} (request_id, request_ids, actor_id, action, created_at)
             SELECT CASE WHEN cardinality(ids) = 1 THEN ids[1] END, CASE WHEN cardinality(ids) > 1 THEN ids END,
                    ${input.actorId}::uuid, ${input.action}, ${at}::timestamptz
               FROM (SELECT ${ids} AS ids) AS opened
              WHERE cardinality(ids) > 0`;
}

/** Every recorded access to one form, oldest first (investigations, tests). */
export function formAccessOf(db: Tx, requestId: string) {
  return db
    .select({ action: formAccessLog.action, actorId: formAccessLog.actorId, createdAt: formAccessLog.createdAt })
    .from(formAccessLog)
    .where(or(eq(formAccessLog.requestId, requestId), sql`${formAccessLog.requestIds} @> ARRAY[${requestId}]::uuid[]`))
    .orderBy(formAccessLog.id);
}
