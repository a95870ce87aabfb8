import { and, asc, eq, gt, ne } from 'drizzle-orm';
import { notes } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { keyringOf, noteAad, seal, unseal } from './crypto.ts';
import { type RotationResult, rotateKeys } from './key-rotation.ts';
import { noteFileKey, putNoteFile, readNoteFile, removeNoteFiles } from './note-files.ts';

type ReencryptDeps = Pick<AppDeps, 'db' | 'config' | 'privateStorage' | 'log'>;

/**
 * Key rotation: rewrites every note not under the current key (NOTES_ENCRYPTION_KEY_ID) to it,
 * one row per transaction, its file included (written under a new storage key first; the old
 * file is deleted after the commit). A row locked or changed meanwhile is left for the next run;
 * an author's edit always seals under the row's own key, so the two never mix keys in one row.
 * The walk is rotateKeys'.
 */
export async function reencryptNotes(
  deps: ReencryptDeps,
  options: { batchSize?: number } = {},
): Promise<RotationResult> {
  const target = keyringOf(deps.config).currentId;
  return rotateKeys(
    deps.log,
    'note',
    {
      staleAfter: (after, limit) =>
        deps.db
          .select({ id: notes.id })
          .from(notes)
          .where(and(ne(notes.keyId, target), gt(notes.id, after)))
          .orderBy(asc(notes.id))
          .limit(limit),
      move: (id) => reencryptOne(deps, id),
      remaining: () => deps.db.$count(notes, ne(notes.keyId, target)),
    },
    options.batchSize,
  );
}

async function reencryptOne(deps: ReencryptDeps, noteId: string): Promise<boolean> {
  const ring = keyringOf(deps.config);
  const target = ring.currentId;
  let newFile: string | null = null;
  let oldFile: string | null = null;
  try {
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(notes).where(eq(notes.id, noteId)).for('update', { skipLocked: true });
      if (!row || row.keyId === target) return false;
      const move = (value: Buffer | null, field: 'title' | 'content' | 'file-name') =>
        value
          ? seal(ring, target, unseal(ring, row.keyId, value, noteAad(row.id, field)), noteAad(row.id, field))
          : null;
      if (row.fileKey) {
        const bytes = await readNoteFile(deps, { ring, keyId: row.keyId, noteId: row.id, key: row.fileKey });
        if (!bytes) throw new Error('note file missing from storage');
        newFile = noteFileKey();
        await putNoteFile(deps, { ring, keyId: target, noteId: row.id, key: newFile, bytes });
        oldFile = row.fileKey;
      }
      await tx
        .update(notes)
        .set({
          keyId: target,
          title: move(row.title, 'title') as Buffer,
          content: move(row.content, 'content'),
          fileName: move(row.fileName, 'file-name'),
          fileKey: newFile ?? row.fileKey,
        })
        .where(and(eq(notes.id, row.id), eq(notes.keyId, row.keyId)));
      return true;
    });
    if (done) await removeNoteFiles(deps, [oldFile]);
    else await removeNoteFiles(deps, [newFile]);
    return done;
  } catch (error) {
    await removeNoteFiles(deps, [newFile]);
    throw error;
  }
}
