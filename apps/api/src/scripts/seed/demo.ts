import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { concerns, countries, providerConcerns, providerProfiles, states, users } from '../../db/schema/index.ts';
import { seedDemoAvailability } from '../../modules/availability/demo-seed.ts';
import { seedDemoCredentials, seedDemoInsurance } from '../../modules/credentials/demo-seed.ts';
import { refreshNextAvailable } from '../../modules/directory/next-available.ts';
import { seedDemoProfiles } from '../../modules/profiles/demo-seed.ts';
import { seedDemoReviews } from '../../modules/reviews/demo-seed.ts';
import { fixedClock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/password.ts';
import type { PrivateStorage } from '../../platform/uploads/private-storage.ts';
import { seedDemoBookings, seedDemoFullWeeks } from './demo-bookings.ts';

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

/**
 * What a demo practice offers: the general fee in major units of the country's currency, the
 * therapies, modalities, languages and approaches (preference option keys), the weekly hours
 * (ISO weekdays, one range in the provider's zone) and whether its next 7 days are fully booked.
 */
export interface DemoPractice {
  fee: number;
  therapies: string[];
  modalities: string[];
  languages: string[];
  approaches: string[];
  days: number[];
  hours: [string, string];
  fullyBooked?: boolean;
}

interface DemoProvider extends DemoPerson {
  title: string;
  headline: string;
  bio: string;
  concerns: string[];
  practice: DemoPractice;
}

const WEEKDAYS = [1, 2, 3, 4, 5];
const ONLINE = ['video-session', 'audio-call', 'chat-messaging'];

/**
 * A marketplace rather than one profile copied (docs/decisions/web-demo-practices-differ.md): fees
 * spread across each currency's range, different therapies, languages and hours, three fully
 * booked for the coming week. The e2e journeys book the demo therapist (one therapy, ₦15,000,
 * weekdays 09:00-17:00) and Sarah Collins (one therapy, £60, weekdays), so those stay as they were.
 */
const PRACTICES: Record<string, DemoPractice> = {
  provider: {
    fee: 15_000,
    therapies: ['individual-therapy'],
    modalities: ONLINE,
    languages: ['en', 'ig'],
    approaches: ['cbt', 'mindfulness-based'],
    days: WEEKDAYS,
    hours: ['09:00', '17:00'],
  },
  'emeka.obi': {
    fee: 12_000,
    therapies: ['individual-therapy', 'couples-therapy'],
    modalities: ['video-session', 'audio-call'],
    languages: ['en', 'ig', 'pcm'],
    approaches: ['person-centred', 'solution-focused'],
    days: WEEKDAYS,
    hours: ['10:00', '18:00'],
  },
  'funke.adeyemi': {
    fee: 25_000,
    therapies: ['family-therapy', 'couples-therapy', 'individual-therapy'],
    modalities: ['video-session', 'in-person'],
    languages: ['en', 'yo'],
    approaches: ['family-systems'],
    days: [2, 3, 4, 5, 6],
    hours: ['08:00', '14:00'],
  },
  'ibrahim.musa': {
    fee: 40_000,
    therapies: ['psychiatry', 'individual-therapy'],
    modalities: ['video-session', 'in-person'],
    languages: ['en', 'ha'],
    approaches: ['psychodynamic'],
    days: [1, 3, 5],
    hours: ['14:00', '20:00'],
  },
  'ngozi.nwosu': {
    fee: 18_000,
    therapies: ['individual-therapy', 'group-therapy'],
    modalities: ['video-session', 'audio-call'],
    languages: ['en', 'ig'],
    approaches: ['emdr', 'cbt'],
    days: [1, 2, 3, 4],
    hours: ['09:00', '13:00'],
    fullyBooked: true,
  },
  'bola.ajayi': {
    fee: 8_000,
    therapies: ['individual-therapy', 'group-therapy'],
    modalities: ['in-person', 'video-session', 'chat-messaging'],
    languages: ['en', 'yo', 'pcm'],
    approaches: ['acceptance-and-commitment'],
    days: WEEKDAYS,
    hours: ['17:00', '21:00'],
  },
  'sarah.collins': {
    fee: 60,
    therapies: ['individual-therapy'],
    modalities: ONLINE,
    languages: ['en'],
    approaches: ['humanistic', 'person-centred'],
    days: WEEKDAYS,
    hours: ['09:00', '17:00'],
  },
  'james.reid': {
    fee: 85,
    therapies: ['individual-therapy'],
    modalities: ['video-session'],
    languages: ['en'],
    approaches: ['cbt'],
    days: [1, 2, 3, 4],
    hours: ['12:00', '18:00'],
    fullyBooked: true,
  },
  'maya.patel': {
    fee: 150,
    therapies: ['couples-therapy', 'family-therapy'],
    modalities: ['video-session', 'in-person'],
    languages: ['en'],
    approaches: ['family-systems', 'solution-focused'],
    days: WEEKDAYS,
    hours: ['09:00', '17:00'],
  },
  'daniel.brooks': {
    fee: 110,
    therapies: ['individual-therapy'],
    modalities: ['video-session', 'audio-call'],
    languages: ['en', 'fr'],
    approaches: ['dbt'],
    days: [2, 3, 4, 5, 6],
    hours: ['10:00', '16:00'],
    fullyBooked: true,
  },
  'lena.schmidt': {
    fee: 90,
    therapies: ['individual-therapy'],
    modalities: ONLINE,
    languages: ['de', 'en'],
    approaches: ['cbt', 'acceptance-and-commitment'],
    days: WEEKDAYS,
    hours: ['09:00', '17:00'],
  },
  'jonas.weber': {
    fee: 65,
    therapies: ['individual-therapy', 'life-coaching'],
    modalities: ['video-session', 'chat-messaging'],
    languages: ['de'],
    approaches: ['solution-focused'],
    days: [1, 2, 4],
    hours: ['16:00', '20:00'],
  },
  'hannah.fischer': {
    fee: 80,
    therapies: ['child-and-adolescent-therapy', 'family-therapy'],
    modalities: ['video-session', 'in-person'],
    languages: ['de', 'en', 'fr'],
    approaches: ['family-systems', 'humanistic'],
    days: WEEKDAYS,
    hours: ['13:00', '19:00'],
  },
};

function practiceOf(handle: string): DemoPractice {
  const practice = PRACTICES[handle];
  if (!practice) throw new Error(`no demo practice for ${handle}`);
  return practice;
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
    practice: practiceOf('provider'),
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
    practice: practiceOf(handle),
  })),
];

/** Demo clients who reviewed the demo providers (docs/decisions/directory-demo-history.md). */
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
export async function seedDemoData(db: Tx, now: Date, storage: PrivateStorage): Promise<boolean> {
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
    // Listed providers hold a current indemnity insurance (the listing rule), its file stored.
    await seedDemoInsurance(db, { providerIds: [user.id], now, storage });
    const ids = provider.concerns.map((key) => concernIds.get(key)).filter((id): id is string => Boolean(id));
    if (ids.length > 0) {
      await db.insert(providerConcerns).values(ids.map((concernId) => ({ providerId: user.id, concernId })));
    }
  }
  await seedDemoAvailability(
    db,
    DEMO_PROVIDERS.map((provider) => ({
      email: provider.email,
      days: provider.practice.days,
      hours: provider.practice.hours,
    })),
    now,
  );
  await seedDemoProfiles(db, {
    now,
    providers: DEMO_PROVIDERS,
    client: { email: DEMO_CLIENT.email, userName: 'ada_okafor' },
  });
  await seedDemoCredentials(db, {
    now,
    providers: DEMO_PROVIDERS.map((provider) => ({ email: provider.email, country: provider.country })),
  });
  await seedDemoBookings(db, { now, clientEmail: DEMO_CLIENT.email, providerEmail: 'provider@demo.test' });
  await seedDemoFullWeeks(db, {
    now,
    providerEmails: DEMO_PROVIDERS.filter((provider) => provider.practice.fullyBooked).map(
      (provider) => provider.email,
    ),
    clientEmails: DEMO_REVIEWERS.map((person) => person.email),
  });
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
