import type { Language } from '@app/shared/constants';
import type { Country, LanguageItem, State, StateStat } from '@app/shared/schemas/region';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { countries, languages, providerLicenseStates, states, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { localizedName } from '../../platform/localized.ts';
import { listedProviderSql } from '../credentials/listing.ts';

export async function listLanguages(
  db: Tx,
  options: { language: Language; primary?: boolean },
): Promise<LanguageItem[]> {
  const rows = await db
    .select()
    .from(languages)
    .where(options.primary ? eq(languages.isPrimary, true) : undefined)
    .orderBy(asc(languages.position), asc(languages.code));
  return rows.map((row) => ({ identifier: row.id, code: row.code, name: localizedName(row, options.language) }));
}

export async function listCountries(db: Tx, options: { language: Language; all?: boolean }): Promise<Country[]> {
  const rows = await db
    .select()
    .from(countries)
    .where(options.all ? undefined : eq(countries.operating, true));
  return rows
    .map((row) => ({
      identifier: row.id,
      code: row.code,
      name: localizedName(row, options.language),
      currencyCode: row.currencyCode,
      timezones: row.timezones,
      operating: row.operating,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, options.language));
}

export async function findCountryByCode(db: Tx, code: string) {
  const [row] = await db.select().from(countries).where(eq(countries.code, code.toUpperCase()));
  return row ?? null;
}

async function statesOf(db: Tx, countryId: string, language: Language): Promise<State[]> {
  const rows = await db.select().from(states).where(eq(states.countryId, countryId));
  return rows
    .map((row) => ({ identifier: row.id, code: row.code, name: localizedName(row, language) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

export async function listStatesByCountryId(
  db: Tx,
  options: { language: Language; countryId: string },
): Promise<State[]> {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, options.countryId));
  if (!country) throw new AppError('NOT_FOUND');
  return statesOf(db, country.id, options.language);
}

export async function listStatesByCountryCode(db: Tx, options: { language: Language; code: string }): Promise<State[]> {
  const country = await findCountryByCode(db, options.code);
  if (!country) throw new AppError('NOT_FOUND');
  return statesOf(db, country.id, options.language);
}

/**
 * The states of a country with the most listed providers, most first (home page "near you", the
 * US state picker). A provider counts in their own state and in every state they are licensed in
 * (provider_license_states), once per state.
 */
export async function topProviderStates(
  db: Tx,
  options: { language: Language; countryCode: string; top: number; now: Date },
): Promise<StateStat[]> {
  const country = await findCountryByCode(db, options.countryCode);
  if (!country) return [];
  const listed = listedProviderSql(users.id, options.now);
  const presence = unionAll(
    db
      .select({ providerId: users.id, stateId: sql<string>`${users.stateId}`.as('state_id') })
      .from(users)
      .where(and(listed, isNotNull(users.stateId), eq(users.countryId, country.id))),
    db
      .select({ providerId: users.id, stateId: sql<string>`${providerLicenseStates.stateId}`.as('state_id') })
      .from(providerLicenseStates)
      .innerJoin(users, eq(users.id, providerLicenseStates.providerId))
      // Practising in the country, as the directory's country filter asks: a licence alone lists nobody there.
      .where(and(listed, eq(users.countryId, country.id))),
  ).as('presence');
  const providerCount = sql<number>`count(DISTINCT ${presence.providerId})::int`;
  const rows = await db
    .select({ state: states, providerCount })
    .from(presence)
    .innerJoin(states, eq(states.id, presence.stateId))
    .where(eq(states.countryId, country.id))
    .groupBy(states.id)
    .orderBy(desc(providerCount), asc(states.nameEn))
    .limit(options.top);
  return rows.map(({ state, providerCount }) => ({
    identifier: state.id,
    code: state.code,
    name: localizedName(state, options.language),
    providerCount: Number(providerCount),
  }));
}
