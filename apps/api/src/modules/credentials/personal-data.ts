import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  indemnityInsurances,
  qualificationFiles,
  qualifications,
  verificationDecisions,
  workHistory,
} from '../../db/schema/index.ts';
import type { PersonalDataContributor } from '../../platform/events.ts';

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
