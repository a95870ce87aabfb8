import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { concerns, countries, providerConcerns, providerProfiles, states, users } from '../../db/schema/index.ts';
import { seedDemoAvailability } from '../../modules/availability/demo-seed.ts';
import { seedDemoBookings } from '../../modules/bookings/demo-seed.ts';
import { refreshNextAvailable } from '../../modules/directory/next-available.ts';
import { seedDemoProfiles } from '../../modules/profiles/demo-seed.ts';
import { seedDemoReviews } from '../../modules/reviews/demo-seed.ts';
import { fixedClock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/password.ts';

export const DEMO_PASSWORD = 'demo-pass-123';

interface DemoPerson {
  email: string;
  firstName: string;
  lastName: string;
  country: string;
  state: string;
  timezone: string;
  language?: 'en' | 'de';
}

interface DemoProvider extends DemoPerson {
  title: string;
  headline: string;
  bio: string;
  concerns: string[];
}

export const DEMO_CLIENT: DemoPerson = {
  email: 'client@demo.test',
  firstName: 'Ada',
  lastName: 'Okafor',
  country: 'NG',
  state: 'NG-LA',
  timezone: 'Africa/Lagos',
};

export const DEMO_ADMIN: DemoPerson = {
  email: 'admin@demo.test',
  firstName: 'Tunde',
  lastName: 'Admin',
  country: 'NG',
  state: 'NG-FC',
  timezone: 'Africa/Lagos',
};

export const DEMO_PROVIDERS: DemoProvider[] = [
  {
    email: 'provider@demo.test',
    firstName: 'Chiamaka',
    lastName: 'Eze',
    country: 'NG',
    state: 'NG-LA',
    timezone: 'Africa/Lagos',
    title: 'Dr',
    headline: 'Clinical Psychologist',
    bio: 'I help adults with anxiety, low mood and stress using CBT and mindfulness.',
    concerns: ['anxiety', 'depression', 'stress'],
  },
  ...(
    [
      ['emeka.obi', 'Emeka', 'Obi', 'NG', 'NG-LA', 'Counselling Psychologist', ['relationship-issues', 'stress']],
      ['funke.adeyemi', 'Funke', 'Adeyemi', 'NG', 'NG-LA', 'Family Therapist', ['parenting', 'relationship-issues']],
      ['ibrahim.musa', 'Ibrahim', 'Musa', 'NG', 'NG-FC', 'Psychiatrist', ['depression', 'bipolar-disorder']],
      ['ngozi.nwosu', 'Ngozi', 'Nwosu', 'NG', 'NG-RI', 'Trauma Therapist', ['trauma-and-ptsd', 'grief-and-loss']],
      ['bola.ajayi', 'Bola', 'Ajayi', 'NG', 'NG-OY', 'Addiction Counsellor', ['addiction', 'anger-management']],
      ['sarah.collins', 'Sarah', 'Collins', 'GB', 'GB-ENG', 'Psychotherapist', ['anxiety', 'self-esteem']],
      ['james.reid', 'James', 'Reid', 'GB', 'GB-SCT', 'CBT Therapist', ['ocd', 'panic-attacks']],
      [
        'maya.patel',
        'Maya',
        'Patel',
        'US',
        'US-CA',
        'Marriage and Family Therapist',
        ['relationship-issues', 'parenting'],
      ],
      [
        'daniel.brooks',
        'Daniel',
        'Brooks',
        'US',
        'US-NY',
        'Licensed Clinical Social Worker',
        ['depression', 'burnout'],
      ],
      ['lena.schmidt', 'Lena', 'Schmidt', 'DE', 'DE-BE', 'Psychologische Psychotherapeutin', ['anxiety', 'burnout']],
      [
        'jonas.weber',
        'Jonas',
        'Weber',
        'DE',
        'DE-BY',
        'Heilpraktiker für Psychotherapie',
        ['stress', 'sleep-problems'],
      ],
      ['hannah.fischer', 'Hannah', 'Fischer', 'DE', 'DE-BE', 'Kinder- und Jugendtherapeutin', ['adhd', 'parenting']],
    ] as const
  ).map(([handle, firstName, lastName, country, state, headline, concernKeys]) => ({
    email: `${handle}@demo.test`,
    firstName,
    lastName,
    country,
    state,
    timezone: {
      NG: 'Africa/Lagos',
      GB: 'Europe/London',
      US: state === 'US-CA' ? 'America/Los_Angeles' : 'America/New_York',
      DE: 'Europe/Berlin',
    }[country],
    language: country === 'DE' ? ('de' as const) : ('en' as const),
    title: 'Dr',
    headline,
    bio: `${firstName} ${lastName} is a ${headline.toLowerCase()} with years of experience supporting clients online.`,
    concerns: [...concernKeys],
  })),
];

/** Demo clients who reviewed the demo providers (docs/decisions.md "Demo history"). */
export const DEMO_REVIEWERS: DemoPerson[] = (
  [
    ['tobi.adebayo', 'Tobi', 'Adebayo', 'NG', 'NG-LA', 'Africa/Lagos'],
    ['sade.balogun', 'Sade', 'Balogun', 'NG', 'NG-OY', 'Africa/Lagos'],
    ['musa.bello', 'Musa', 'Bello', 'NG', 'NG-FC', 'Africa/Lagos'],
    ['emma.clarke', 'Emma', 'Clarke', 'GB', 'GB-ENG', 'Europe/London'],
    ['grace.kim', 'Grace', 'Kim', 'US', 'US-CA', 'America/Los_Angeles'],
    ['lukas.becker', 'Lukas', 'Becker', 'DE', 'DE-BE', 'Europe/Berlin'],
  ] as const
).map(([handle, firstName, lastName, country, state, timezone]) => ({
  email: `${handle}@demo.test`,
  firstName,
  lastName,
  country,
  state,
  timezone,
  language: country === 'DE' ? ('de' as const) : ('en' as const),
}));

/** Demo accounts of DESIGN.md §5. Runs only on a database without users. */
export async function seedDemoData(db: Tx, now: Date): Promise<boolean> {
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const countryRows = await db
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(inArray(countries.code, ['NG', 'GB', 'US', 'DE']));
  const countryIds = new Map(countryRows.map((row) => [row.code, row.id]));
  const stateRows = await db.select({ id: states.id, code: states.code }).from(states);
  const stateIds = new Map(stateRows.map((row) => [row.code, row.id]));
  const concernRows = await db.select({ id: concerns.id, key: concerns.key }).from(concerns);
  const concernIds = new Map(concernRows.map((row) => [row.key, row.id]));

  const base = (person: DemoPerson) => ({
    email: person.email,
    passwordHash,
    firstName: person.firstName,
    lastName: person.lastName,
    countryId: countryIds.get(person.country) ?? null,
    stateId: stateIds.get(person.state) ?? null,
    timezone: person.timezone,
    language: person.language ?? 'en',
    emailVerifiedAt: now,
  });

  await db
    .insert(users)
    .values([
      { ...base(DEMO_CLIENT), role: 'client' as const },
      { ...base(DEMO_ADMIN), role: 'admin' as const },
      ...DEMO_REVIEWERS.map((person) => ({ ...base(person), role: 'client' as const })),
    ]);

  for (const provider of DEMO_PROVIDERS) {
    const [user] = await db
      .insert(users)
      .values({ ...base(provider), role: 'provider' })
      .returning({ id: users.id });
    if (!user) continue;
    await db.insert(providerProfiles).values({
      userId: user.id,
      title: provider.title,
      headline: provider.headline,
      bio: provider.bio,
      verificationStatus: 'approved',
      approvedAt: now,
    });
    const ids = provider.concerns.map((key) => concernIds.get(key)).filter((id): id is string => Boolean(id));
    if (ids.length > 0) {
      await db.insert(providerConcerns).values(ids.map((concernId) => ({ providerId: user.id, concernId })));
    }
  }
  await seedDemoAvailability(
    db,
    DEMO_PROVIDERS.map((provider) => provider.email),
    now,
  );
  await seedDemoProfiles(db, {
    now,
    providers: DEMO_PROVIDERS,
    client: { email: DEMO_CLIENT.email, userName: 'ada_okafor' },
  });
  await seedDemoBookings(db, { now, clientEmail: DEMO_CLIENT.email, providerEmail: 'provider@demo.test' });
  await seedDemoReviews(db, {
    now,
    clientEmail: DEMO_CLIENT.email,
    clientProviders: ['provider@demo.test', 'emeka.obi@demo.test', 'funke.adeyemi@demo.test', 'ibrahim.musa@demo.test'],
    providers: DEMO_PROVIDERS.map((provider) => ({
      email: provider.email,
      language: provider.language ?? 'en',
      country: provider.country,
    })),
    reviewers: DEMO_REVIEWERS.map((person) => ({ email: person.email, country: person.country })),
  });
  await refreshNextAvailable({ db, clock: fixedClock(now) });
  return true;
}

export async function findUserIdByEmail(db: Tx, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}
