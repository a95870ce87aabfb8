import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { qualifications, users, workHistory } from '../../db/schema/index.ts';

/** Where a demo therapist's licence comes from and what they studied, by country. */
const DEMO_CREDENTIALS: Record<string, { body: string; prefix: string; degree: string; employer: string }> = {
  NG: {
    body: 'Medical and Dental Council of Nigeria',
    prefix: 'MDCN',
    degree: 'MSc Clinical Psychology, University of Lagos',
    employer: 'Lagos University Teaching Hospital',
  },
  GB: {
    body: 'Health and Care Professions Council',
    prefix: 'PYL',
    degree: 'DClinPsy, University College London',
    employer: 'NHS Talking Therapies',
  },
  US: {
    body: 'State Board of Behavioral Sciences',
    prefix: 'LMFT',
    degree: 'MA Marriage and Family Therapy, UCLA',
    employer: 'Community Mental Health Center',
  },
  DE: {
    body: 'Psychotherapeutenkammer',
    prefix: 'PTK',
    degree: 'M.Sc. Psychologie, Humboldt-Universität zu Berlin',
    employer: 'Charité – Universitätsmedizin Berlin',
  },
};

/**
 * Each demo therapist's licence, degree and work history, in place before the approval (`now`),
 * so their public page shows them as approved; the years in practice differ per therapist.
 */
export async function seedDemoCredentials(
  db: Tx,
  input: { now: Date; providers: { email: string; country: string }[] },
): Promise<void> {
  const ids = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        input.providers.map((provider) => provider.email),
      ),
    );
  const idOf = new Map(ids.map((row) => [row.email, row.id]));
  const before = new Date(input.now.getTime() - 24 * 3600_000);
  const year = input.now.getUTCFullYear();
  for (const [index, provider] of input.providers.entries()) {
    const providerId = idOf.get(provider.email);
    const credentials = DEMO_CREDENTIALS[provider.country];
    if (!providerId || !credentials) continue;
    await db.insert(qualifications).values([
      {
        providerId,
        type: 'license',
        body: credentials.body,
        credentialNumber: `${credentials.prefix}-${String(41_200 + index * 137).padStart(6, '0')}`,
        createdAt: before,
        updatedAt: before,
      },
      { providerId, type: 'education', title: credentials.degree, createdAt: before, updatedAt: before },
    ]);
    await db.insert(workHistory).values({
      providerId,
      companyName: credentials.employer,
      jobTitle: 'Therapist',
      startMonth: `${year - 4 - (index % 9)}-0${1 + (index % 9)}-01`,
      currentlyWorksHere: true,
      createdAt: before,
      updatedAt: before,
    });
  }
}
