import type {
  Insurance,
  MissingItem,
  Qualification,
  VerificationDecisionEntry,
  WorkHistory,
} from '@app/shared/schemas/credentials';
import { type AnyColumn, and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  indemnityInsurances,
  qualificationFiles,
  qualifications,
  verificationDecisions,
  workHistory,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { preparedSql } from '../../platform/prepared.ts';
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

/** What decides the credentials checklist, read by one statement (or inside a larger one). */
export interface CredentialFacts {
  /** A licence with a credential number and a file is on record. */
  hasLicense: boolean;
  /** The latest insurance expiry on file ("YYYY-MM-DD"). */
  latestInsurance: string | null;
}

/** The facts as SQL of a provider's id (a column, a bound value or a placeholder). */
export function credentialFactsSql(providerId: SQL | AnyColumn): {
  [K in keyof CredentialFacts]: SQL<CredentialFacts[K]>;
} {
  return {
    hasLicense: sql<boolean>`EXISTS (SELECT 1 FROM ${qualifications}
      INNER JOIN ${qualificationFiles} ON ${qualificationFiles.qualificationId} = ${qualifications.id}
      WHERE ${qualifications.providerId} = ${providerId} AND ${qualifications.type} = 'license'
        AND ${qualifications.credentialNumber} IS NOT NULL AND ${qualifications.credentialNumber} <> '')`,
    latestInsurance: sql<string | null>`(SELECT max(${indemnityInsurances.expiresOn})::text FROM ${indemnityInsurances}
      WHERE ${indemnityInsurances.providerId} = ${providerId})`,
  };
}

/** What a submission still lacks: a licence with a credential number and a file, an unexpired insurance. */
export function credentialsMissingOf(facts: CredentialFacts, now: Date): MissingItem[] {
  const missing: MissingItem[] = [];
  if (!facts.hasLicense) missing.push('license');
  if (!facts.latestInsurance || facts.latestInsurance < utcDay(now)) missing.push('insurance');
  return missing;
}

const credentialsFacts = preparedSql<CredentialFacts>('credentials_missing', () => {
  const facts = credentialFactsSql(sql`${sql.placeholder('providerId')}::uuid`);
  return {
    select: sql`SELECT ${facts.hasLicense} AS "hasLicense", ${facts.latestInsurance} AS "latestInsurance"`,
    columns: ['hasLicense', 'latestInsurance'],
  };
});

export async function missingItems(db: Tx, input: { providerId: string; now: Date }): Promise<MissingItem[]> {
  const [facts] = await credentialsFacts(db, { providerId: input.providerId });
  return credentialsMissingOf(facts ?? { hasLicense: false, latestInsurance: null }, input.now);
}
