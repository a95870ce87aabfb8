import { CURRENCY_BY_COUNTRY } from '@app/shared/currency';
import type { Gender } from '@app/shared/schemas/profiles';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  clientProfiles,
  concerns,
  countries,
  preferenceOptions,
  providerBookingFees,
  providerConcerns,
  providerProfiles,
  userPreferences,
  users,
} from '../../db/schema/index.ts';

const DEMO_OFFICES: Record<keyof typeof CURRENCY_BY_COUNTRY, { officeAddress: string; zipCode: string }> = {
  NG: { officeAddress: '12 Admiralty Way, Lekki Phase 1', zipCode: '106104' },
  GB: { officeAddress: '221 Baker Street, London', zipCode: 'NW1 6XE' },
  US: { officeAddress: '350 Fifth Avenue, New York', zipCode: '10118' },
  DE: { officeAddress: 'Friedrichstraße 43, Berlin', zipCode: '10117' },
};

const MALE_FIRST_NAMES = new Set(['Emeka', 'Ibrahim', 'James', 'Daniel', 'Jonas']);

export interface DemoProfilePerson {
  email: string;
  firstName: string;
  country: string;
  concerns: readonly string[];
  /** The general fee in major units of the country's currency, and what the practice offers (option keys). */
  practice: {
    fee: number;
    therapies: readonly string[];
    modalities: readonly string[];
    languages: readonly string[];
    approaches: readonly string[];
  };
}

/**
 * Completes the demo providers' setup (office, gender, their practice's therapies, modalities,
 * languages, approaches and specialities, its general fee in their country's currency) and gives
 * the demo client a username. Run once, right after the demo users are created.
 */
export async function seedDemoProfiles(
  db: Tx,
  input: { now: Date; providers: readonly DemoProfilePerson[]; client: { email: string; userName: string } },
): Promise<void> {
  const { now } = input;
  const [client] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.client.email));
  if (client) {
    await db
      .insert(clientProfiles)
      .values({ userId: client.id, userName: input.client.userName, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
  }

  const rows = await db
    .select({ id: users.id, email: users.email, countryCode: countries.code })
    .from(users)
    .innerJoin(countries, eq(countries.id, users.countryId))
    .where(
      inArray(
        users.email,
        input.providers.map((provider) => provider.email),
      ),
    );
  const options = await db.select().from(preferenceOptions);
  const option = (list: string, key: string) => options.find((row) => row.list === list && row.key === key)?.id;
  const concernIds = new Map(
    (await db.select({ id: concerns.id, key: concerns.key }).from(concerns)).map((row) => [row.key, row.id]),
  );

  for (const row of rows) {
    const person = input.providers.find((provider) => provider.email === row.email);
    const country = row.countryCode as keyof typeof CURRENCY_BY_COUNTRY;
    if (!person || !(country in CURRENCY_BY_COUNTRY)) continue;
    const { practice } = person;
    const gender: Gender = MALE_FIRST_NAMES.has(person.firstName) ? 'male' : 'female';
    await db.update(users).set({ gender, updatedAt: now }).where(eq(users.id, row.id));
    await db
      .update(providerProfiles)
      .set({ ...DEMO_OFFICES[country], setupCompletedAt: now, updatedAt: now })
      .where(eq(providerProfiles.userId, row.id));
    await db
      .insert(providerBookingFees)
      .values({
        providerId: row.id,
        feeMinor: Math.round(practice.fee * 100),
        isFree: false,
        currencyCode: CURRENCY_BY_COUNTRY[country],
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();

    let specialities = person.concerns.filter((key) => option('specialities', key));
    // Concerns outside the specialities list (OCD, panic attacks) still need one speciality for a complete setup.
    if (specialities.length === 0) specialities = ['stress'];
    const chosen = [
      ...practice.therapies.map((key) => ({ list: 'therapy', key })),
      ...practice.modalities.map((key) => ({ list: 'modality', key })),
      ...specialities.map((key) => ({ list: 'specialities', key })),
      ...practice.languages.map((key) => ({ list: 'language', key })),
      ...practice.approaches.map((key) => ({ list: 'therapyApproach', key })),
    ];
    const values = chosen.flatMap(({ list, key }) => {
      const optionId = option(list, key);
      return optionId ? [{ userId: row.id, optionId, list, createdAt: now }] : [];
    });
    if (values.length > 0) await db.insert(userPreferences).values(values).onConflictDoNothing();
    const specialityConcerns = specialities.flatMap((key) => {
      const concernId = concernIds.get(key);
      return concernId ? [{ providerId: row.id, concernId }] : [];
    });
    if (specialityConcerns.length > 0) {
      await db.insert(providerConcerns).values(specialityConcerns).onConflictDoNothing();
    }
  }
}
