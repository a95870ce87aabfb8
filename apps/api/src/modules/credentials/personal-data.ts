import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  indemnityInsurances,
  qualificationFiles,
  qualifications,
  verificationDecisions,
  workHistory,
} from '../../db/schema/index.ts';
import type { AccountDeletingHandler, PersonalDataContributor } from '../../platform/events.ts';
import type { PrivateStorage } from '../../platform/uploads/private-storage.ts';

/**
 * The credentials' part of a data export (providers): qualifications with their files (names,
 * kinds and sizes; the documents themselves are downloaded from /my-credentials), work history,
 * indemnity insurances and the review decisions on the dossier.
 */
export const credentialsPersonalData: PersonalDataContributor = {
  section: 'credentials',
  async collect(tx: Tx, { userId }) {
    const rows = await tx
      .select()
      .from(qualifications)
      .where(eq(qualifications.providerId, userId))
      .orderBy(asc(qualifications.createdAt));
    const files = await tx
      .select({
        qualificationId: qualificationFiles.qualificationId,
        filename: qualificationFiles.filename,
        contentType: qualificationFiles.contentType,
        sizeBytes: qualificationFiles.sizeBytes,
        createdAt: qualificationFiles.createdAt,
      })
      .from(qualificationFiles)
      .where(eq(qualificationFiles.providerId, userId));
    return {
      qualifications: rows.map(({ providerId: _p, ...row }) => ({
        ...row,
        files: files.filter((file) => file.qualificationId === row.id).map(({ qualificationId: _q, ...file }) => file),
      })),
      workHistory: (await tx.select().from(workHistory).where(eq(workHistory.providerId, userId))).map(
        ({ providerId: _p, ...row }) => row,
      ),
      indemnityInsurances: await tx
        .select({
          filename: indemnityInsurances.filename,
          contentType: indemnityInsurances.contentType,
          sizeBytes: indemnityInsurances.sizeBytes,
          expiresOn: indemnityInsurances.expiresOn,
          createdAt: indemnityInsurances.createdAt,
        })
        .from(indemnityInsurances)
        .where(eq(indemnityInsurances.providerId, userId)),
      reviewDecisions: await tx
        .select({
          decision: verificationDecisions.decision,
          note: verificationDecisions.note,
          decidedAt: verificationDecisions.decidedAt,
        })
        .from(verificationDecisions)
        .where(eq(verificationDecisions.providerId, userId)),
    };
  },
};

/**
 * The credentials' part of erasing an account (a provider's, through an operator): qualifications
 * with their files, work history and indemnity insurances are deleted, the documents removed from
 * private storage after the writes. No law makes the platform keep a therapist's certificates once
 * they leave; the licensing bodies keep their own registers. The review decisions stay as an
 * operator's accountability record (decision and date) without the reviewer's note, which may name
 * the person; the audit trail has the rest by id.
 */
export function credentialsErasure(storage: PrivateStorage): AccountDeletingHandler {
  return async (tx, { userId }) => {
    const files = await tx
      .delete(qualificationFiles)
      .where(eq(qualificationFiles.providerId, userId))
      .returning({ key: qualificationFiles.storageKey });
    await tx.delete(qualifications).where(eq(qualifications.providerId, userId));
    await tx.delete(workHistory).where(eq(workHistory.providerId, userId));
    const insurances = await tx
      .delete(indemnityInsurances)
      .where(eq(indemnityInsurances.providerId, userId))
      .returning({ key: indemnityInsurances.storageKey });
    await tx.update(verificationDecisions).set({ note: null }).where(eq(verificationDecisions.providerId, userId));
    for (const file of [...files, ...insurances]) await storage.delete(file.key).catch(() => {});
    return [];
  };
}
