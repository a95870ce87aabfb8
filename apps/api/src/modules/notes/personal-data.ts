import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notes, providerClients } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { AccountDeletingHandler, PersonalDataContributor } from '../../platform/events.ts';
import { keyringOf } from './crypto.ts';
import { selectNoteRows, toNote } from './views.ts';

/**
 * The notes' part of a data export. A provider gets every note they wrote, decrypted as the notes
 * module reads them (title, content, the file by name, kind and size: the file itself is
 * downloaded from the note), with the client and session it is about. A client gets no note: a
 * clinical note is read only by its author (SPEC.md §1, docs/decisions/security-data-export-clinical-notes-stay-the-therapists.md); the client is told how many notes therapists keep about them and
 * where to ask for a copy.
 */
export function notesPersonalData(deps: Pick<AppDeps, 'config' | 'clock'>): PersonalDataContributor {
  return {
    section: 'notes',
    async collect(tx: Tx, { userId, role, now }) {
      if (role !== 'provider') {
        const [about] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(notes)
          .innerJoin(providerClients, eq(providerClients.id, notes.providerClientId))
          .where(eq(providerClients.userId, userId));
        return {
          notesAboutYou: about?.count ?? 0,
          explanation:
            "Clinical notes are your therapist's treatment records and only they can read them. Ask your therapist for a copy.",
        };
      }
      const rows = await selectNoteRows(tx).where(eq(notes.providerId, userId)).orderBy(asc(notes.createdAt));
      const context = { ring: keyringOf(deps.config), secret: deps.config.APP_SECRET, now, withFileLink: false };
      return {
        notes: rows.map((row) => {
          const { file, ...note } = toNote(row, context);
          return {
            ...note,
            file: file ? { filename: file.filename, contentType: file.contentType, size: file.size } : null,
          };
        }),
      };
    },
  };
}

/**
 * The notes' part of erasing an account. Notes are a provider's treatment records, which the law
 * makes them keep for 10 years (docs/privacy.md): an erased provider's notes stay, encrypted,
 * pointing at the anonymous account; notes therapists wrote about an erased client stay theirs.
 * Both are told to the person (`clinicalNotes`, `treatmentNotes`). Nothing readable of a note is
 * in the database, so nothing is rewritten; the client records the notes hang on are the clients
 * module's (clientsErasure runs first and links a record imported under the person's email to the
 * account, so its notes are counted here).
 */
export const notesErasure: AccountDeletingHandler = async (tx, { userId }) => {
  const [own] = await tx.select({ count: sql<number>`count(*)::int` }).from(notes).where(eq(notes.providerId, userId));
  const [about] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(notes)
    .innerJoin(providerClients, eq(providerClients.id, notes.providerClientId))
    .where(eq(providerClients.userId, userId));
  return [
    ...(own?.count ? [{ kind: 'clinicalNotes' as const, count: own.count }] : []),
    ...(about?.count ? [{ kind: 'treatmentNotes' as const, count: about.count }] : []),
  ];
};
