import type { Tx } from '../../db/client.ts';
import { noteAccessLog } from '../../db/schema/index.ts';

export type NoteAccessAction = (typeof noteAccessLog.$inferInsert)['action'];

/**
 * Records who touched which notes, how and when (never what they hold), in the caller's
 * transaction for writes; before the answer leaves for reads, so an unrecorded read is never
 * served. One row per note: a listing of 20 notes is 20 rows, in one statement.
 */
export async function recordNoteAccess(
  db: Tx,
  input: { actorId: string; action: NoteAccessAction; noteIds: readonly string[]; at: Date },
): Promise<void> {
  if (input.noteIds.length === 0) return;
  await db
    .insert(noteAccessLog)
    .values(
      input.noteIds.map((noteId) => ({ noteId, actorId: input.actorId, action: input.action, createdAt: input.at })),
    );
}
