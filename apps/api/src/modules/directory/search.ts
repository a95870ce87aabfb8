import type { Language } from '@app/shared/constants';
import {
  DIRECTORY_FILTER_LISTS,
  type DirectoryFilterList,
  type DirectorySearchPage,
  type DirectorySearchQuery,
  type DirectorySort,
} from '@app/shared/schemas/directory';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countries, providerDirectory, providerLicenseStates, states } from '../../db/schema/index.ts';
import { fieldError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { cardContext, cardQueryWith, listedProvider, toCard } from './card.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { Rates } from './exchange-rates.ts';
import { preferenceOptionIds } from './option-ids.ts';

/** At most this many words of the free text count (each a prefix: "anx" finds "anxiety"). */
const MAX_TERMS = 8;

/** "Ada anxi" → "ada:* & anxi:*": letters and digits only, so the text can never break the query syntax. */
export function prefixQuery(text: string | undefined): string | null {
  const terms = (text ?? '').normalize('NFKC').match(/[\p{L}\p{N}]+/gu);
  if (!terms || terms.length === 0) return null;
  return terms
    .slice(0, MAX_TERMS)
    .map((term) => `${term.toLowerCase()}:*`)
    .join(' & ');
}

/** The option ids of each list filter, from the keys in the query (an unknown key is a 400 on that list). */
async function optionIdsByList(
  db: Tx,
  query: DirectorySearchQuery,
): Promise<Map<DirectoryFilterList, { ids: string[]; keys: string[] }>> {
  const result = new Map<DirectoryFilterList, { ids: string[]; keys: string[] }>();
  const asked = DIRECTORY_FILTER_LISTS.flatMap((list) => (query[list] ?? []).map((key) => ({ list, key })));
  if (asked.length === 0) return result;
  const known = await preferenceOptionIds(db);
  for (const { list, key } of asked) {
    const id = known.get(`${list}|${key}`);
    if (!id) throw fieldError(list, 'validation.invalidEnum');
    const entry = result.get(list) ?? { ids: [], keys: [] };
    entry.ids.push(id);
    entry.keys.push(key);
    result.set(list, entry);
  }
  return result;
}

const d = providerDirectory;

/**
 * "Offers one of these options in this list": an overlap with the row's copy of the provider's
 * options (GIN). One array parameter (ids from the reference list: uuids, no comma or brace), so
 * the statement's text is the same however many options are asked.
 */
const offersOneOf = (ids: string[]) => sql`${d.optionIds} && ${`{${ids.join(',')}}`}::uuid[]`;

/** The WHERE of a search: listed, then every filter given (each backed by an index). */
async function searchWhere(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  query: DirectorySearchQuery,
  visitorCurrencyCode: string,
  tsQuery: string | null,
): Promise<SQL | undefined> {
  const options = await optionIdsByList(deps.db, query);
  const parts: (SQL | undefined)[] = [listedProvider];
  if (query.countryCode) {
    parts.push(
      sql`${d.countryId} = (SELECT ${countries.id} FROM ${countries} WHERE ${countries.code} = ${query.countryCode})`,
    );
  }
  if (query.state) {
    const state = sql`(SELECT ${states.id} FROM ${states} WHERE ${states.code} = ${query.state})`;
    parts.push(
      sql`(${d.stateId} = ${state} OR EXISTS (SELECT 1 FROM ${providerLicenseStates} WHERE ${providerLicenseStates.providerId} = ${d.providerId} AND ${providerLicenseStates.stateId} = ${state}))`,
    );
  }
  for (const [list, { ids, keys }] of options) {
    if (list === 'gender') {
      // The provider's own gender; "no preference" filters nothing.
      const genders = keys.filter((key) => key !== 'no-preference');
      if (genders.length > 0 && genders.length === keys.length) parts.push(inArray(d.gender, genders));
      else if (genders.length > 0) continue;
    } else if (list === 'religion') {
      parts.push(sql`(${inArray(d.religionId, ids)} OR ${offersOneOf(ids)})`);
    } else if (list === 'background') {
      parts.push(sql`(${inArray(d.ethnicityId, ids)} OR ${offersOneOf(ids)})`);
    } else if (list === 'country') {
      // Option keys are lower-case country codes (ng, gb, us, de): where the provider practises.
      const codes = keys.map((key) => key.toUpperCase());
      parts.push(
        sql`${d.countryId} IN (SELECT ${countries.id} FROM ${countries} WHERE ${inArray(countries.code, codes)})`,
      );
    } else {
      parts.push(offersOneOf(ids));
    }
  }
  if (query.feeMin !== undefined || query.feeMax !== undefined) {
    parts.push(eq(d.feeCurrency, query.currency ?? visitorCurrencyCode));
    if (query.feeMin !== undefined) parts.push(sql`${d.feeMinor} >= ${query.feeMin}`);
    if (query.feeMax !== undefined) parts.push(sql`${d.feeMinor} <= ${query.feeMax}`);
  }
  if (query.availableWithinDays !== undefined) {
    const until = new Date(deps.clock.now().getTime() + query.availableWithinDays * 24 * 3600_000);
    parts.push(sql`${d.nextAvailableAt} <= ${until.toISOString()}::timestamptz`);
  }
  if (tsQuery) {
    parts.push(
      sql`(${d.documentEn} @@ to_tsquery('english', ${tsQuery}) OR ${d.documentDe} @@ to_tsquery('german', ${tsQuery}))`,
    );
  }
  return and(...parts);
}

interface SortKey {
  /** A numeric expression (never null: COALESCEd to a value that sorts last). */
  expr: SQL;
  direction: 'asc' | 'desc';
}

const LAST = '1e15';

/** The fee in US cents at the reference rates, so fees in different currencies order together. */
function feeInUsdCents(rates: Rates): SQL {
  const cases = Object.entries(rates).map(
    ([code, rate]) => sql`WHEN ${code} THEN ${d.feeMinor}::numeric / ${String(rate)}::numeric`,
  );
  return sql`CASE ${d.feeCurrency} ${sql.join(cases, sql` `)} END`;
}

/**
 * The sort keys of each order, then the provider id: ranks and averages descending, price and
 * next free slot ascending. Relevance without text is the rating order.
 */
function sortKeys(sort: DirectorySort, tsQuery: string | null, language: Language, rates: Rates): SortKey[] {
  const rating: SortKey[] = [
    { expr: sql`COALESCE(${d.ratingSumHalves}::numeric / NULLIF(${d.reviewCount}, 0), -1)`, direction: 'desc' },
    { expr: sql`${d.reviewCount}::numeric`, direction: 'desc' },
  ];
  if (sort === 'relevance' && tsQuery) {
    const document = language === 'de' ? d.documentDe : d.documentEn;
    const config = language === 'de' ? sql`'german'` : sql`'english'`;
    return [
      { expr: sql`ts_rank(${document}, to_tsquery(${config}::regconfig, ${tsQuery}))::numeric`, direction: 'desc' },
      ...rating,
    ];
  }
  if (sort === 'price') {
    return [{ expr: sql`COALESCE(${feeInUsdCents(rates)}, ${sql.raw(LAST)})`, direction: 'asc' }];
  }
  if (sort === 'next') {
    return [{ expr: sql`COALESCE(extract(epoch FROM ${d.nextAvailableAt}), ${sql.raw(LAST)})`, direction: 'asc' }];
  }
  return rating;
}

/** Rows strictly after the cursor's position in (keys…, id ASC) order. */
function afterPosition(keys: SortKey[], values: string[], id: string): SQL {
  const alternatives: SQL[] = [];
  for (let index = 0; index <= keys.length; index++) {
    const equal = keys.slice(0, index).map((key, at) => sql`${key.expr} = ${values[at]}::numeric`);
    const key = keys[index];
    const beyond = key
      ? key.direction === 'desc'
        ? sql`${key.expr} < ${values[index]}::numeric`
        : sql`${key.expr} > ${values[index]}::numeric`
      : sql`${d.providerId} > ${id}::uuid`;
    alternatives.push(sql`(${sql.join([...equal, beyond], sql` AND `)})`);
  }
  return sql`(${sql.join(alternatives, sql` OR `)})`;
}

/**
 * GET /providers: listed providers filtered by the preference lists, country, state (own or
 * licensed), fee range, "free within N days" and free text; ordered by relevance, rating, price or
 * next free slot; keyset pages (`cursor`), never OFFSET. The page's cards carry the live next
 * free slot (five queries for the page, availability's engine), the visitor's currency and the
 * review summary.
 */
export async function searchProviders(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { query: DirectorySearchQuery; language: Language; visitorCountryCode: string | null },
): Promise<DirectorySearchPage> {
  const { query } = input;
  const context = cardContext(deps, input);
  const tsQuery = prefixQuery(query.q);
  const keys = sortKeys(query.sort, tsQuery, input.language, context.rates);
  const where = await searchWhere(deps, query, context.visitorCurrencyCode, tsQuery);
  const position = query.cursor ? decodeCursor(query.cursor, query.sort, keys.length) : null;
  const keyColumns: Record<string, SQL> = Object.fromEntries(
    keys.map((key, index) => [`k${index}`, sql<string>`(${key.expr})::text`]),
  );
  // The first page counts every match in the same statement; later pages carry that total in their cursor.
  const rows = await cardQueryWith(deps.db, {
    ...keyColumns,
    total: position ? sql<number>`0` : sql<number>`(count(*) OVER ())::int`,
  })
    .where(and(where, position ? afterPosition(keys, position.values, position.id) : undefined))
    .orderBy(...keys.map((key) => sql`${key.expr} ${sql.raw(key.direction)}`), sql`${d.providerId} asc`)
    .limit(query.perPage + 1);
  const page = rows.slice(0, query.perPage);
  const last = page.at(-1);
  const total = position ? position.total : (rows[0]?.total ?? 0);
  const keyValues = (row: Record<string, unknown>) => keys.map((_key, index) => String(row[`k${index}`]));
  return {
    // The next free slot as the directory keeps it (refreshed every minute; the provider's page computes it live).
    data: page.map((row) => toCard(row, context, row.nextAvailableAt)),
    nextCursor:
      rows.length > query.perPage && last
        ? encodeCursor({ sort: query.sort, values: keyValues(last), id: last.id, total })
        : null,
    total,
  };
}
