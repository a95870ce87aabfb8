import type {
  Insurance,
  MissingItem,
  Qualification,
  VerificationDecisionEntry,
  WorkHistory,
} from '@app/shared/schemas/credentials';
import { and, asc, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  indemnityInsurances,
  qualificationFiles,
  qualifications,
  verificationDecisions,
  workHistory,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fileLink } from './files.ts';
import { utcDay } from './listing.ts';

type Deps = Pick<AppDeps, 'config'>;

/** "2024-03-01" → "2024-03". */
const month = (value: string | null) => (value ? value.slice(0, 7) : null);

export async function listQualifications(
  deps: Deps,
  db: Tx,
  input: { providerId: string; now: Date; qualificationId?: string },
): Promise<Qualification[]> {
  const rows = await db
    .select()
    .from(qualifications)
    .where(
      and(
        eq(qualifications.providerId, input.providerId),
        input.qualificationId ? eq(qualifications.id, input.qualificationId) : undefined,
      ),
    )
    .orderBy(asc(qualifications.type), desc(qualifications.createdAt), asc(qualifications.id));
  if (rows.length === 0) return [];
  const files = await db
    .select()
    .from(qualificationFiles)
    .where(
      inArray(
        qualificationFiles.qualificationId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(qualificationFiles.createdAt), asc(qualificationFiles.id));
  return rows.map((row) => ({
    identifier: row.id,
    type: row.type,
    body: row.body,
    credentialNumber: row.credentialNumber,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    files: files
      .filter((file) => file.qualificationId === row.id)
      .map((file) => ({
        identifier: file.id,
        filename: file.filename,
        size: file.sizeBytes,
        contentType: file.contentType,
        url: fileLink(deps, input.now, file),
      })),
  }));
}

export async function listWorkHistory(db: Tx, providerId: string): Promise<WorkHistory[]> {
  const rows = await db
    .select()
    .from(workHistory)
    .where(eq(workHistory.providerId, providerId))
    .orderBy(desc(workHistory.currentlyWorksHere), desc(workHistory.startMonth), asc(workHistory.id));
  return rows.map((row) => ({
    identifier: row.id,
    companyName: row.companyName,
    jobTitle: row.jobTitle,
    startDate: month(row.startMonth) ?? '',
    endDate: month(row.endMonth),
    currentlyWorksHere: row.currentlyWorksHere,
    description: row.description,
  }));
}

export async function listInsurance(
  deps: Deps,
  db: Tx,
  input: { providerId: string; now: Date },
): Promise<Insurance[]> {
  const today = utcDay(input.now);
  const rows = await db
    .select()
    .from(indemnityInsurances)
    .where(eq(indemnityInsurances.providerId, input.providerId))
    .orderBy(desc(indemnityInsurances.expiresOn), desc(indemnityInsurances.createdAt));
  return rows.map((row) => ({
    identifier: row.id,
    filename: row.filename,
    size: row.sizeBytes,
    contentType: row.contentType,
    url: fileLink(deps, input.now, row),
    expiresOn: row.expiresOn,
    expired: row.expiresOn < today,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listDecisions(db: Tx, providerId: string): Promise<VerificationDecisionEntry[]> {
  const rows = await db
    .select()
    .from(verificationDecisions)
    .where(eq(verificationDecisions.providerId, providerId))
    .orderBy(desc(verificationDecisions.decidedAt), desc(verificationDecisions.id));
  return rows.map((row) => ({
    decision: row.decision,
    note: row.note,
    adminUserId: row.adminId,
    decidedAt: row.decidedAt.toISOString(),
  }));
}

/** What a submission still lacks: a licence with a credential number and a file, an unexpired insurance. */
export async function missingItems(db: Tx, input: { providerId: string; now: Date }): Promise<MissingItem[]> {
  const missing: MissingItem[] = [];
  const [license] = await db
    .select({ id: qualifications.id })
    .from(qualifications)
    .innerJoin(qualificationFiles, eq(qualificationFiles.qualificationId, qualifications.id))
    .where(
      and(
        eq(qualifications.providerId, input.providerId),
        eq(qualifications.type, 'license'),
        isNotNull(qualifications.credentialNumber),
        ne(qualifications.credentialNumber, ''),
      ),
    )
    .limit(1);
  if (!license) missing.push('license');
  const [latest] = await db
    .select({ expiresOn: indemnityInsurances.expiresOn })
    .from(indemnityInsurances)
    .where(eq(indemnityInsurances.providerId, input.providerId))
    .orderBy(desc(indemnityInsurances.expiresOn))
    .limit(1);
  if (!latest || latest.expiresOn < utcDay(input.now)) missing.push('insurance');
  return missing;
}
