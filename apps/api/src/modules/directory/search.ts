import { createHash } from 'node:crypto';
import type { Language } from '@app/shared/constants';
import {
  DIRECTORY_FILTER_LISTS,
  type DirectoryFilterList,
  type DirectorySearchPage,
  type DirectorySearchQuery,
  type DirectorySort,
} from '@app/shared/schemas/directory';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  countries,
  DIRECTORY_SORTS_LAST,
  directoryNextOrder,
  directoryRatingOrder,
  providerConcerns,
  providerDirectory,
  providerLicenseStates,
  states,
} from '../../db/schema/index.ts';
import { fieldError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { prepared } from '../../platform/prepared.ts';
import { cardContext, cardQueryWith, listedProvider, toCard } from './card.ts';
import { decodeCursor, encodeCursor, type Position } from './cursor.ts';
import type { Rates } from './exchange-rates.ts';
import { preferenceOptionIds } from './option-ids.ts';
import { type SearchTerm, searchTerms } from './search-vocabulary.ts';

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
 * The statement of one search as it is put together: its SQL holds placeholders (p0, p1, … in
 * the order they are asked for), `values` fills them, and `shape` names every choice that
 * changes the SQL's text (which filters, which order, first page or not). Searches of the same
 * shape share one prepared statement (`searchProviders`).
 */
export class SearchStatement {
  readonly values: Record<string, unknown> = {};
  readonly shape: string[] = [];

  /** A placeholder bound to this value. */
  placeholder(value: unknown) {
    const name = `p${Object.keys(this.values).length}`;
    this.values[name] = value;
    return sql.placeholder(name);
  }

  value(value: unknown): SQL {
    return sql`${this.placeholder(value)}`;
  }

  /**
   * A text[] / uuid[] value as one array literal (option ids, gender and country keys, all
   * checked against the reference list: letters, digits and dashes, never a comma, brace or
   * quote), so the SQL is the same however many are asked.
   */
  array(items: string[]): SQL {
    return this.value(`{${items.join(',')}}`);
  }

  has(part: string): void {
    this.shape.push(part);
  }
}

/** Lives in the state or is licensed in it: what a state filter and a state's count both ask. */
export const servesState = (stateId: SQL) =>
  sql`(${d.stateId} = ${stateId} OR EXISTS (SELECT 1 FROM ${providerLicenseStates} WHERE ${providerLicenseStates.providerId} = ${d.providerId} AND ${providerLicenseStates.stateId} = ${stateId}))`;

/** "Offers one of these options in this list": an overlap with the row's filter keys (GIN), its options among them. */
const offersOneOf = (statement: SearchStatement, ids: string[]) =>
  sql`${d.filterKeys} && ${statement.array(ids)}::uuid[]`;

/**
 * Practises in one of these countries (their ids, an SQL array): an overlap with the filter keys,
 * so the options' GIN index finds the rows of the country too (schema: filter_keys).
 */
const practisesInOneOf = (countryIds: SQL) => sql`${d.filterKeys} && ${countryIds}`;

/** The WHERE of a search: listed, then every filter given (each backed by an index). */
export async function searchWhere(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  statement: SearchStatement,
  query: DirectorySearchQuery,
  visitorCurrencyCode: string,
  terms: SearchTerm[],
): Promise<SQL | undefined> {
  const options = await optionIdsByList(deps.db, query);
  const parts: (SQL | undefined)[] = [listedProvider(statement.value(deps.clock.now().toISOString()))];
  if (query.countryCode) {
    statement.has('countryCode');
    parts.push(
      practisesInOneOf(
        sql`ARRAY(SELECT ${countries.id} FROM ${countries} WHERE ${countries.code} = ${statement.value(query.countryCode)})`,
      ),
    );
  }
  if (query.state) {
    statement.has('state');
    const code = statement.value(query.state);
    parts.push(servesState(sql`(SELECT ${states.id} FROM ${states} WHERE ${states.code} = ${code})`));
  }
  for (const [list, { ids, keys }] of options) {
    if (list === 'gender') {
      // The provider's own gender; "no preference" filters nothing.
      const genders = keys.filter((key) => key !== 'no-preference');
      if (genders.length > 0 && genders.length === keys.length) {
        statement.has('gender');
        parts.push(sql`${d.gender} = ANY(${statement.array(genders)}::text[])`);
      }
    } else if (list === 'religion') {
      statement.has('religion');
      const wanted = statement.array(ids);
      parts.push(sql`(${d.religionId} = ANY(${wanted}::uuid[]) OR ${d.filterKeys} && ${wanted}::uuid[])`);
    } else if (list === 'background') {
      statement.has('background');
      const wanted = statement.array(ids);
      parts.push(sql`(${d.ethnicityId} = ANY(${wanted}::uuid[]) OR ${d.filterKeys} && ${wanted}::uuid[])`);
    } else if (list === 'country') {
      // Option keys are lower-case country codes (ng, gb, us, de): where the provider practises.
      statement.has('country');
      const codes = statement.array(keys.map((key) => key.toUpperCase()));
      parts.push(
        practisesInOneOf(
          sql`ARRAY(SELECT ${countries.id} FROM ${countries} WHERE ${countries.code} = ANY(${codes}::text[]))`,
        ),
      );
    } else {
      statement.has(list);
      parts.push(offersOneOf(statement, ids));
    }
  }
  if (query.feeMin !== undefined || query.feeMax !== undefined) {
    statement.has('fee');
    parts.push(sql`${d.feeCurrency} = ${statement.value(query.currency ?? visitorCurrencyCode)}`);
    if (query.feeMin !== undefined) {
      statement.has('feeMin');
      parts.push(sql`${d.feeMinor} >= ${statement.value(query.feeMin)}::int`);
    }
    if (query.feeMax !== undefined) {
      statement.has('feeMax');
      parts.push(sql`${d.feeMinor} <= ${statement.value(query.feeMax)}::int`);
    }
  }
  if (query.availableWithinDays !== undefined) {
    statement.has('availableWithin');
    const until = new Date(deps.clock.now().getTime() + query.availableWithinDays * 24 * 3600_000);
    parts.push(sql`${d.nextAvailableAt} <= ${statement.value(until.toISOString())}::timestamptz`);
  }
  terms.forEach((term, index) => {
    statement.has(`term${index}:${term.optionIds.length > 0 ? 'o' : ''}${term.concernIds.length > 0 ? 'c' : ''}`);
    parts.push(termMatches(statement, term));
  });
  return and(...parts);
}

/**
 * One word of the free text: in the name, title, headline or bio (English or German stemming),
 * or naming an option the provider offers (therapy, approach, speciality, language) or a concern
 * they treat, in either language or by a synonym. A word either configuration drops as a stop
 * word ("the", "und") asks for nothing.
 */
function termMatches(statement: SearchStatement, term: SearchTerm): SQL {
  const text = statement.value(term.prefix);
  const english = tsQueryOnce('english', text);
  const german = tsQueryOnce('german', text);
  const alternatives = [
    sql`numnode(${english}) = 0`,
    sql`numnode(${german}) = 0`,
    sql`${d.documentEn} @@ ${english}`,
    sql`${d.documentDe} @@ ${german}`,
  ];
  if (term.optionIds.length > 0) alternatives.push(offersOneOf(statement, term.optionIds));
  if (term.concernIds.length > 0) alternatives.push(treatsOneOf(statement, term.concernIds));
  return sql`(${sql.join(alternatives, sql` OR `)})`;
}

/** Treats one of these concerns (provider_concerns, by its primary key). */
const treatsOneOf = (statement: SearchStatement, ids: string[]) =>
  sql`EXISTS (SELECT 1 FROM ${providerConcerns} WHERE ${providerConcerns.providerId} = ${d.providerId} AND ${providerConcerns.concernId} = ANY(${statement.array(ids)}::uuid[]))`;

/**
 * How well a provider answers the free text: the text rank of any of its words, plus a point
 * for every word that names one of their options or concerns (a structured answer outranks a
 * word that merely appears in a bio).
 */
function relevance(statement: SearchStatement, terms: SearchTerm[], language: Language): SQL {
  const document = language === 'de' ? d.documentDe : d.documentEn;
  const config = language === 'de' ? 'german' : 'english';
  const anyWord = statement.value(terms.map((term) => term.prefix).join(' | '));
  const hits = terms.flatMap((term) => {
    const named: SQL[] = [];
    if (term.optionIds.length > 0) named.push(offersOneOf(statement, term.optionIds));
    if (term.concernIds.length > 0) named.push(treatsOneOf(statement, term.concernIds));
    return named.length > 0 ? [sql`(${sql.join(named, sql` OR `)})::int`] : [];
  });
  return sql`(ts_rank(${document}, ${tsQueryOnce(config, anyWord)}) + ${hits.length > 0 ? sql.join(hits, sql` + `) : sql`0`})::numeric`;
}

/**
 * The text query, parsed and stemmed once per execution (a sub-select): in a prepared
 * statement's generic plan `to_tsquery(config, $n)` is not folded to a constant and would run
 * for every row it is compared with.
 */
const tsQueryOnce = (config: 'english' | 'german', text: SQL) =>
  sql`(SELECT to_tsquery(${sql.raw(`'${config}'`)}::regconfig, ${text}))`;

/**
 * A sort key: a numeric expression, never null (COALESCEd to a value that sorts last), in
 * ascending order (a descending order is sorted by its negation), so a page's position is one
 * row comparison an index on the same expressions can serve.
 */
type SortKey = SQL;

/** A fee in one currency, in US cents at that currency's reference rate (a placeholder's SQL). */
const feeAtRate = (rate: SQL) => sql`${d.feeMinor}::numeric / ${rate}::numeric`;

/** The fee in US cents at the reference rates, so fees in different currencies order together. */
function feeInUsdCents(statement: SearchStatement, rates: Rates): SQL {
  const cases = Object.entries(rates).map(
    ([code, rate]) => sql`WHEN ${statement.value(code)} THEN ${feeAtRate(statement.value(String(rate)))}`,
  );
  statement.has(`rates:${cases.length}`);
  return sql`CASE ${d.feeCurrency} ${sql.join(cases, sql` `)} END`;
}

/**
 * A page after a position in price order, one walk per currency. The price key converts each
 * currency at its own rate, so no index holds it; but within one currency it orders as the fee
 * itself, so each currency's providers are walked in the fee index (currency, fee, id) from the
 * cursor's price in that currency, and the walks are merged by the key. The index bound is one
 * minor unit wide of the exact one (numeric division rounds); the row comparison is exact. A
 * listed provider always has a fee (the listing rule) in an operating currency, and each of
 * those has a reference rate (exchangeRates), so no listed row sorts last with no key.
 */
function priceWalks(statement: SearchStatement, rates: Rates, position: Position) {
  statement.has(`priceWalks:${Object.keys(rates).length}`);
  const price = statement.value(position.values[0] ?? '0');
  const id = statement.value(position.id);
  return Object.entries(rates).map(([code, rate]) => {
    const perDollar = statement.value(String(rate));
    const key = feeAtRate(perDollar);
    return {
      key,
      where: sql`${d.feeCurrency} = ${statement.value(code)}
        AND ${d.feeMinor} >= floor(${price}::numeric * ${perDollar}::numeric) - 1
        AND ((${key}, ${d.providerId}) > (${price}::numeric, ${id}::uuid))`,
    };
  });
}

/**
 * The sort keys of each order, then the provider id, all ascending: ranks and averages negated,
 * price and next free slot as they are. Relevance without text is the rating order; the rating
 * and next-free-slot orders have indexes on the same expressions (directoryRatingOrder,
 * directoryNextOrder).
 */
function sortKeys(
  statement: SearchStatement,
  sort: DirectorySort,
  terms: SearchTerm[],
  language: Language,
  rates: Rates,
): SortKey[] {
  const rating = directoryRatingOrder(d);
  if (sort === 'relevance' && terms.length > 0) {
    statement.has(`rank:${language}`);
    return [sql`(-${relevance(statement, terms, language)})`, ...rating];
  }
  if (sort === 'price') {
    statement.has('price');
    return [sql`COALESCE(${feeInUsdCents(statement, rates)}, ${sql.raw(DIRECTORY_SORTS_LAST)})`];
  }
  if (sort === 'next') {
    statement.has('next');
    return [directoryNextOrder(d)];
  }
  statement.has('rating');
  return rating;
}

/** Rows strictly after the cursor's position in (keys…, id) order: one row comparison. */
function afterPosition(statement: SearchStatement, keys: SortKey[], values: string[], id: string): SQL {
  statement.has('after');
  const bound = values.map((value) => sql`${statement.value(value)}::numeric`);
  return sql`((${sql.join([...keys, sql`${d.providerId}`], sql`, `)}) > (${sql.join([...bound, sql`${statement.value(id)}::uuid`], sql`, `)}))`;
}

/**
 * How many shapes of search get a prepared statement in this process (each costs a parsed
 * statement and a plan on every pooled connection); searches of further shapes are planned on
 * every call. A handful of shapes makes nearly all traffic (the directory page's usual filters).
 */
const MAX_PREPARED_SHAPES = 200;
const preparedShapes = new Map<string, string>();

/** The prepared statement's name for a shape (null past the limit): a digest, as names are limited to 63 bytes. */
function statementName(shape: string): string | null {
  let name = preparedShapes.get(shape);
  if (name === undefined && preparedShapes.size < MAX_PREPARED_SHAPES) {
    name = `directory_search_${createHash('sha256').update(shape).digest('base64url').slice(0, 24)}`;
    preparedShapes.set(shape, name);
  }
  return name ?? null;
}

/**
 * How many matches a search counts: a page says "more than this many" past it. Counting every
 * match reads them all; a marketplace's broad search matches thousands, and the number a visitor
 * needs past a thousand is only that there are plenty.
 */
export const DIRECTORY_COUNTED_UP_TO = 1000;

/**
 * How many providers in a sort's order a first page looks through for its matches before it reads
 * every match. A broad search fills its page from the first few dozen. Orders cluster, though (the
 * soonest free share a time zone, the best rated may share a country), so a filtered search can
 * find none among the first few hundred; a thousand costs a few milliseconds when it finds too few,
 * and a narrow search is then answered from the filters' indexes, which serve it well.
 */
export const FIRST_PAGE_WALK = 1000;

/** A subquery's matches in the order of their sort-key columns (k0, k1, …) and id. */
const byKeyColumns = (keys: SortKey[]) => [
  ...keys.map((_key, index) => sql`${sql.identifier(`k${index}`)}`),
  sql`match_id`,
];

/**
 * The first FIRST_PAGE_WALK listed providers in the order, read along its index, and the first
 * page of matches among them (`matches`, a WITH query). When they fill the page (`filledPage`), it
 * is the search's first page (`page`, with the count): no match further along the order comes
 * before them.
 */
function firstOfOrder(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  statement: SearchStatement,
  keys: SortKey[],
  where: SQL | undefined,
  limit: Placeholder,
) {
  statement.has('walk');
  const keyColumns = (value: (index: number) => SQL | ReturnType<typeof sql.identifier>) =>
    Object.fromEntries(keys.map((_key, index) => [`k${index}`, sql<string>`${value(index)}`.as(`k${index}`)]));
  const walk = deps.db
    .select({ walkId: sql<string>`${d.providerId}`.as('walk_id'), ...keyColumns((index) => keys[index] as SQL) })
    .from(d)
    .where(listedProvider(statement.value(deps.clock.now().toISOString())))
    .orderBy(...keys, d.providerId)
    .limit(statement.placeholder(FIRST_PAGE_WALK))
    .as('walk');
  // Each walked provider's own row, if it matches: looked up one by one in the walk's order (a
  // lateral subquery the planner cannot fold into a join), so the page stops at its last match
  // and no filter is weighed for the rest of the walk.
  const matching = deps.db
    .select({ matched: sql<number>`1`.as('matched') })
    .from(d)
    .where(and(sql`${d.providerId} = ${sql.identifier('walk')}.${sql.identifier('walk_id')}`, where))
    .limit(1)
    .as('matching');
  const matches = deps.db.$with('walked').as(
    deps.db
      .select({
        matchId: sql<string>`${sql.identifier('walk_id')}`.as('match_id'),
        ...keyColumns((index) => sql.identifier(`k${index}`)),
      })
      .from(walk)
      .crossJoinLateral(matching)
      .orderBy(...byKeyColumns(keys))
      .limit(limit),
  );
  const filledPage = sql`((SELECT count(*) FROM ${matches}) = ${limit})`;
  // The walk read only the first matches, so they are counted apart, from the filters' indexes,
  // as far as the count goes.
  const countedUpTo = statement.placeholder(DIRECTORY_COUNTED_UP_TO + 1);
  const page = deps.db
    .select({
      matchId: sql<string>`${sql.identifier('match_id')}`.as('match_id'),
      ...keyColumns((index) => sql.identifier(`k${index}`)),
      total:
        sql<number>`(SELECT count(*)::int FROM (SELECT 1 FROM ${d} WHERE ${where} LIMIT ${countedUpTo}) AS counted)`.as(
          'match_total',
        ),
    })
    .from(matches)
    .where(filledPage);
  return { matches, page, filledPage };
}

/**
 * GET /providers: listed providers filtered by the preference lists, country, state (own or
 * licensed), fee range, "free within N days" and free text; ordered by relevance, rating, price or
 * next free slot; keyset pages (`cursor`), never OFFSET. The page's cards carry the next free
 * slot as the directory keeps it, the visitor's currency and the review summary. One statement,
 * prepared once per shape (docs/decisions/directory-directory-search-one-denormalized-trigger-kept-row-per-provider.md): PostgreSQL plans it once per
 * connection and the SQL is not put together again.
 *
 * A first page in an indexed order (rating, next free slot) looks for its matches among the first
 * providers of that order before it reads every match, and counts the matches up to
 * DIRECTORY_COUNTED_UP_TO (docs/decisions/directory-first-pages-stop-early.md).
 */
export async function searchProviders(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { query: DirectorySearchQuery; language: Language; visitorCountryCode: string | null },
): Promise<DirectorySearchPage> {
  const { query } = input;
  const context = cardContext(deps, input);
  const terms = await searchTerms(deps.db, query.q);
  const statement = new SearchStatement();
  const keys = sortKeys(statement, query.sort, terms, input.language, context.rates);
  const where = await searchWhere(deps, statement, query, context.visitorCurrencyCode, terms);
  const position = query.cursor ? decodeCursor(query.cursor, query.sort, keys.length) : null;
  const walks = position && query.sort === 'price' ? priceWalks(statement, context.rates, position) : null;
  const after = position && !walks ? afterPosition(statement, keys, position.values, position.id) : undefined;
  const limit = statement.placeholder(query.perPage + 1);
  const orderedByKeys = byKeyColumns(keys);
  // Relevance to free text ranks by a score of the statement, and price converts at its rates: no
  // index holds either order, so their first pages read every match.
  const walksFirst = !position && query.sort !== 'price' && !(query.sort === 'relevance' && terms.length > 0);
  // Each sort key computed once a row, from what the filters and the listing rule read.
  const candidates = (rowKeys: SQL[], conditions: SQL | undefined) =>
    deps.db
      .select({
        // Names no joined table has: drizzle refers to a subquery's columns unqualified.
        matchId: sql<string>`${d.providerId}`.as('match_id'),
        ...Object.fromEntries(rowKeys.map((key, index) => [`k${index}`, sql<string>`${key}`.as(`k${index}`)])),
        // A first page that reads every match counts them as it goes; later pages carry the count in their cursor.
        total: (position ? sql<number>`0` : sql<number>`(count(*) OVER ())::int`).as('match_total'),
      })
      .from(d)
      .where(and(where, conditions));
  const walked = walksFirst ? firstOfOrder(deps, statement, keys, where, limit) : null;
  // The matches, ordered and cut to the page in a subquery; the card's columns are then read for
  // the page's rows alone.
  const build = () => {
    const [first, second, ...rest] = (walks ?? []).map((walk) =>
      candidates([walk.key], walk.where).orderBy(d.feeMinor, d.providerId).limit(limit),
    );
    const matches = (
      first && second
        ? unionAll(first, second, ...rest)
            .orderBy(...orderedByKeys)
            .limit(limit)
        : walked
          ? // The walked page when the walk filled it; else every match, searched by the filters.
            unionAll(
              walked.page,
              candidates(keys, sql`NOT ${walked.filledPage}`)
                .orderBy(...orderedByKeys)
                .limit(limit),
            )
          : (first ??
            candidates(keys, after)
              .orderBy(...orderedByKeys)
              .limit(limit))
    ).as('matches');
    const key = (index: number) => sql`${sql.identifier('matches')}.${sql.identifier(`k${index}`)}`;
    return cardQueryWith(walked ? deps.db.with(walked.matches) : deps.db, {
      ...Object.fromEntries(keys.map((_key, index) => [`k${index}`, sql<string>`${key(index)}::text`])),
      total: sql<number>`${matches.total}`,
    })
      .innerJoin(matches, eq(matches.matchId, d.providerId))
      .orderBy(...keys.map((_key, index) => key(index)), d.providerId);
  };
  const name = statementName(statement.shape.join(' '));
  const rows = name
    ? await prepared(deps.db, name, (named) => build().prepare(named)).execute(statement.values)
    : await build().execute(statement.values);
  const page = rows.slice(0, query.perPage);
  const last = page.at(-1);
  const counted = position ? position.total : (rows[0]?.total ?? 0);
  const moreThanTotal = position ? position.moreThanTotal : counted > DIRECTORY_COUNTED_UP_TO;
  const total = Math.min(counted, DIRECTORY_COUNTED_UP_TO);
  const keyValues = (row: Record<string, unknown>) => keys.map((_key, index) => String(row[`k${index}`]));
  return {
    // The next free slot as the directory keeps it (refreshed every minute; the provider's page computes it live).
    data: page.map((row) => toCard(row, context, row.nextAvailableAt)),
    nextCursor:
      rows.length > query.perPage && last
        ? encodeCursor({ sort: query.sort, values: keyValues(last), id: last.id, total, moreThanTotal })
        : null,
    total,
    moreThanTotal,
  };
}
