import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { providerProfiles, qualifications, workHistory } from '../../db/schema/index.ts';

export interface PublicCredentials {
  /** Approved: the operator approved the provider and these are the documents they saw. */
  verified: boolean;
  licences: { body: string; credentialNumber: string }[];
  education: { title: string }[];
  yearsInPractice: number | null;
}

const monthIndex = (isoDay: string) => Number(isoDay.slice(0, 4)) * 12 + Number(isoDay.slice(5, 7)) - 1;

/**
 * Whole years of practice from the work history: the months covered by at least one entry (an
 * open one runs to this month), so overlapping jobs are not counted twice. Null without history.
 */
export function yearsInPractice(
  periods: { startMonth: string; endMonth: string | null; currentlyWorksHere: boolean }[],
  now: Date,
): number | null {
  if (periods.length === 0) return null;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const covered = new Set<number>();
  for (const period of periods) {
    const last = period.endMonth && !period.currentlyWorksHere ? monthIndex(period.endMonth) : thisMonth;
    for (let month = monthIndex(period.startMonth); month <= Math.min(last, thisMonth); month += 1) covered.add(month);
  }
  return Math.floor(covered.size / 12);
}

/**
 * What a provider's public page says about their credentials. Licences and education come from
 * the qualifications as the operator approved them: one added or changed after the last approval
 * (under review again) is left out until the next decision.
 */
export async function publicCredentials(db: Tx, input: { providerId: string; now: Date }): Promise<PublicCredentials> {
  const [profile] = await db
    .select({ approvedAt: providerProfiles.approvedAt })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, input.providerId));
  const approvedAt = profile?.approvedAt ?? null;
  const [approved, periods] = await Promise.all([
    approvedAt
      ? db
          .select({
            type: qualifications.type,
            body: qualifications.body,
            credentialNumber: qualifications.credentialNumber,
            title: qualifications.title,
          })
          .from(qualifications)
          .where(
            and(
              eq(qualifications.providerId, input.providerId),
              inArray(qualifications.type, ['license', 'education']),
              lte(qualifications.updatedAt, approvedAt),
            ),
          )
          .orderBy(asc(qualifications.createdAt))
      : Promise.resolve([]),
    db
      .select({
        startMonth: workHistory.startMonth,
        endMonth: workHistory.endMonth,
        currentlyWorksHere: workHistory.currentlyWorksHere,
      })
      .from(workHistory)
      .where(eq(workHistory.providerId, input.providerId)),
  ]);
  return credentialsOf({ approvedAt, approved, periods, now: input.now });
}

/**
 * The public page's credentials from the rows: the qualifications as approved (licences and
 * education, oldest first) and the work history.
 */
export function credentialsOf(input: {
  approvedAt: Date | string | null;
  approved: { type: string; body: string | null; credentialNumber: string | null; title: string | null }[];
  periods: { startMonth: string; endMonth: string | null; currentlyWorksHere: boolean }[];
  now: Date;
}): PublicCredentials {
  const { approved } = input;
  return {
    verified: input.approvedAt !== null,
    licences: approved.flatMap((row) =>
      row.type === 'license' && row.body && row.credentialNumber
        ? [{ body: row.body, credentialNumber: row.credentialNumber }]
        : [],
    ),
    education: approved.flatMap((row) => (row.type === 'education' && row.title ? [{ title: row.title }] : [])),
    yearsInPractice: yearsInPractice(input.periods, input.now),
  };
}
