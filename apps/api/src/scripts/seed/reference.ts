import { isOperatingCountry } from '@app/shared/constants';
import { CURRENCY_BY_COUNTRY } from '@app/shared/currency';
import ct from 'countries-and-timezones';
import { eq } from 'drizzle-orm';
import isoCountries from 'i18n-iso-countries';
import deLocale from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import enLocale from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import type { Tx } from '../../db/client.ts';
import { concerns, countries, languages, preferenceOptions, states, therapyCategories } from '../../db/schema/index.ts';
import { seedAvatars } from './avatars.ts';
import { CONCERNS, LANGUAGES, PREFERENCE_LISTS, STATES, THERAPY_CATEGORIES } from './reference-data.ts';

isoCountries.registerLocale(enLocale);
isoCountries.registerLocale(deLocale);

/** The full ISO 3166 list; the four operating countries carry their currency. */
function countryRows() {
  return Object.keys(isoCountries.getAlpha2Codes()).map((code) => {
    const operating = isOperatingCountry(code);
    return {
      code,
      nameEn: isoCountries.getName(code, 'en', { select: 'official' }) ?? code,
      nameDe: isoCountries.getName(code, 'de', { select: 'official' }) ?? code,
      currencyCode: operating ? CURRENCY_BY_COUNTRY[code as keyof typeof CURRENCY_BY_COUNTRY] : null,
      timezones: ct.getCountry(code)?.timezones ?? [],
      operating,
    };
  });
}

/** Countries, states, languages, therapy categories, concerns and preference lists. Idempotent. */
export async function seedReferenceData(db: Tx): Promise<void> {
  await seedAvatars(db); // idempotent on its own, so databases seeded earlier get them too
  const existing = await db.select({ id: countries.id }).from(countries).limit(1);
  if (existing.length > 0) return;

  await db.insert(countries).values(countryRows());
  const countryIds = new Map(
    (await db.select({ id: countries.id, code: countries.code }).from(countries)).map((row) => [row.code, row.id]),
  );
  await db.insert(states).values(
    STATES.map((state) => ({
      countryId: countryIds.get(state.countryCode) as string,
      code: state.code,
      nameEn: state.en,
      nameDe: state.de,
    })),
  );
  await db.insert(languages).values(
    LANGUAGES.map((language, position) => ({
      code: language.code,
      nameEn: language.en,
      nameDe: language.de,
      isPrimary: language.primary,
      position,
    })),
  );
  await db
    .insert(therapyCategories)
    .values(
      THERAPY_CATEGORIES.map((item, position) => ({ key: item.key, nameEn: item.en, nameDe: item.de, position })),
    );
  await db
    .insert(concerns)
    .values(CONCERNS.map((item) => ({ key: item.key, nameEn: item.en, nameDe: item.de, popularity: item.popularity })));
  await db
    .insert(preferenceOptions)
    .values(
      Object.entries(PREFERENCE_LISTS).flatMap(([list, items]) =>
        items.map((item, position) => ({ list, key: item.key, nameEn: item.en, nameDe: item.de, position })),
      ),
    );
}

export async function countryIdByCode(db: Tx, code: string): Promise<string> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
  if (!row) throw new Error(`Unknown country ${code}`);
  return row.id;
}
