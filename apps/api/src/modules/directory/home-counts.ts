import type { Language } from '@app/shared/constants';
import { DirectorySearchQuerySchema, type HomeCounts } from '@app/shared/schemas/directory';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  countries,
  preferenceOptions,
  providerDirectory,
  providerProfiles,
  states,
  users,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { localizedName } from '../../platform/localized.ts';
import { SearchStatement, searchWhere, servesState } from './search.ts';

/** The lists the home page links into, by option key. */
export const HOME_LINK_LISTS = ['therapy', 'specialities'] as const;

/**
 * How many providers each home link leads to, counted with the WHERE of the directory search
 * itself (listing rule, country, state through home or licence, option overlap), so a card that
 * says "California: 2 therapists" opens a list of two.
 */
export async function countHomeLinks(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { countryCode: string | null; language: Language; topStates: number },
): Promise<HomeCounts> {
  const { db } = deps;
  const query = DirectorySearchQuerySchema.parse(input.countryCode ? { countryCode: input.countryCode } : {});
  const statement = new SearchStatement();
  const where = await searchWhere(deps, statement, query, 'USD', []);
  const d = providerDirectory;
  const from = <T extends Record<string, unknown>>(columns: T) =>
    db
      .select(columns as never)
      .from(d)
      .innerJoin(users, eq(users.id, d.providerId))
      .innerJoin(providerProfiles, eq(providerProfiles.userId, d.providerId))
      .$dynamic();
  const providerCount = sql<number>`count(DISTINCT ${d.providerId})::int`;
  const optionRows = (await from({ list: preferenceOptions.list, key: preferenceOptions.key, count: providerCount })
    .innerJoin(preferenceOptions, sql`${d.filterKeys} && ARRAY[${preferenceOptions.id}]`)
    .where(and(where, inArray(preferenceOptions.list, [...HOME_LINK_LISTS])))
    .groupBy(preferenceOptions.list, preferenceOptions.key)
    .execute(statement.values)) as unknown as { list: string; key: string; count: number }[];
  const stateRows = input.countryCode
    ? ((await from({ state: states, count: providerCount })
        .innerJoin(countries, eq(countries.code, input.countryCode))
        .innerJoin(states, and(eq(states.countryId, countries.id), servesState(sql`${states.id}`)))
        .where(where)
        .groupBy(states.id)
        .orderBy(desc(providerCount), asc(states.nameEn))
        .limit(input.topStates)
        .execute(statement.values)) as unknown as { state: typeof states.$inferSelect; count: number }[])
    : [];
  const byList = (list: string) =>
    Object.fromEntries(optionRows.filter((row) => row.list === list).map((row) => [row.key, Number(row.count)]));
  return {
    countryCode: input.countryCode,
    topStates: stateRows.map(({ state, count }) => ({
      identifier: state.id,
      code: state.code,
      name: localizedName(state, input.language),
      providerCount: Number(count),
    })),
    therapy: byList('therapy'),
    specialities: byList('specialities'),
  };
}
