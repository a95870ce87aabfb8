import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { preferenceOptions, providerDirectory, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { DIRECTORY_COUNTED_UP_TO, FIRST_PAGE_WALK } from './search.ts';
import { directoryProvider } from './test-support.ts';

/**
 * More listed providers than a search counts and than a first page walks, all ahead of the three
 * made through the API in both indexed orders (best rated, free soonest), so a narrow search's
 * matches lie beyond the walk.
 */
const AHEAD = DIRECTORY_COUNTED_UP_TO + 5;
/** Of those ahead, how many speak Yoruba (early in both orders, inside the walk). */
const AHEAD_SPEAKING_YORUBA = 5;

let t: TestApp;

beforeAll(async () => {
  expect(AHEAD).toBeGreaterThan(FIRST_PAGE_WALK);
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  for (const [firstName, lastName] of [
    ['Adaeze', 'Okonkwo-Bello'],
    ['Tunde', "O'Neil"],
    ['Chiamaka', 'Nwosu'],
  ] as const) {
    await directoryProvider(t, { firstName, lastName, options: { language: ['yo'] } });
  }
  const { db } = t.deps;
  await db.execute(sql`
    INSERT INTO ${users} (email, role, first_name, last_name)
    SELECT 'ahead' || n || '@example.test', 'provider', 'Ahead', 'Nr-' || lpad(n::text, 4, '0')
    FROM generate_series(1, ${AHEAD}) n`);
  await db.execute(sql`
    INSERT INTO provider_profiles (user_id, title)
    SELECT id, 'Dr' FROM ${users} WHERE email LIKE 'ahead%@example.test'`);
  const [yoruba] = await db
    .select({ id: preferenceOptions.id })
    .from(preferenceOptions)
    .where(sql`${preferenceOptions.list} = 'language' AND ${preferenceOptions.key} = 'yo'`);
  // Listed until next year, free from now on (the n-th a second later, before anyone with a
  // calendar), rated 5 by ten clients; the first few speak Yoruba.
  await db.execute(sql`
    UPDATE ${providerDirectory} AS d
    SET listable_until = '2028-01-01',
        next_available_at = '2027-03-01T09:00:00Z'::timestamptz + ahead.n * interval '1 second',
        review_count = 10,
        rating_sum_halves = 100,
        option_ids = CASE WHEN ahead.n <= ${AHEAD_SPEAKING_YORUBA} THEN ARRAY[${yoruba?.id}::uuid] ELSE '{}' END
    FROM (SELECT id, row_number() OVER (ORDER BY last_name) AS n FROM ${users} WHERE email LIKE 'ahead%@example.test') ahead
    WHERE d.provider_id = ahead.id`);
});
afterAll(() => t.close());

interface Page {
  data: { name: string }[];
  nextCursor: string | null;
  total: number;
  moreThanTotal: boolean;
}

async function page(query: string): Promise<Page> {
  const response = await t.app.inject({ url: `/api/providers?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Every page of a search, followed by its cursor. */
async function everyPage(query: string): Promise<Page[]> {
  const pages = [await page(query)];
  for (let next = pages[0]?.nextCursor; next; next = pages.at(-1)?.nextCursor) {
    pages.push(await page(`${query}&cursor=${next}`));
  }
  return pages;
}

const ahead = (from: number, count: number) =>
  Array.from({ length: count }, (_item, index) => `Ahead Nr-${String(from + index).padStart(4, '0')}`);

describe('a first page', () => {
  for (const sort of ['rating', 'next', 'relevance', 'price']) {
    it(`counts matches up to the limit and says there are more (sort=${sort})`, async () => {
      const first = await page(`sort=${sort}`);
      expect(first).toMatchObject({ total: DIRECTORY_COUNTED_UP_TO, moreThanTotal: true });
      expect(first.data).toHaveLength(12);
      const second = await page(`sort=${sort}&cursor=${first.nextCursor}`);
      expect(second).toMatchObject({ total: DIRECTORY_COUNTED_UP_TO, moreThanTotal: true });
    });
  }

  it('counts every match below the limit exactly', async () => {
    const narrow = await page('language=yo');
    expect(narrow).toMatchObject({ total: AHEAD_SPEAKING_YORUBA + 3, moreThanTotal: false });
    const named = await page('q=Okonkwo');
    expect(named).toMatchObject({ total: 1, moreThanTotal: false });
    expect(named.data.map((card) => card.name)).toEqual(['Adaeze Okonkwo-Bello']);
  });

  for (const sort of ['rating', 'next']) {
    it(`finds matches beyond the providers it walks first, in order (sort=${sort})`, async () => {
      // The walk holds five of the eight: too few for a page of twelve, so every match is read.
      const all = await page(`language=yo&sort=${sort}`);
      const names = all.data.map((card) => card.name);
      // Equal ratings order by id, so the rating order is compared as sets within each group.
      const speakersAhead = names.slice(0, AHEAD_SPEAKING_YORUBA);
      expect(sort === 'next' ? speakersAhead : speakersAhead.sort()).toEqual(ahead(1, AHEAD_SPEAKING_YORUBA));
      // Rated by nobody and free later than everyone ahead, the API's three come last.
      expect(names.slice(AHEAD_SPEAKING_YORUBA).sort()).toEqual([
        'Adaeze Okonkwo-Bello',
        'Chiamaka Nwosu',
        "Tunde O'Neil",
      ]);
      // Pages of three: the walk fills the first (four of its five), later pages go on by cursor.
      const pages = await everyPage(`language=yo&sort=${sort}&perPage=3`);
      expect(pages.map((each) => each.data.length)).toEqual([3, 3, 2]);
      expect(pages.flatMap((each) => each.data.map((card) => card.name))).toEqual(names);
      for (const each of pages) expect(each).toMatchObject({ total: 8, moreThanTotal: false });
    });
  }

  it('reads a broad first page along the order', async () => {
    const soonest = (await page('sort=next')).data.map((card) => card.name);
    expect(soonest).toEqual(ahead(1, 12));
    const best = (await page('sort=rating')).data.map((card) => card.name);
    expect(best.every((name) => name.startsWith('Ahead Nr-'))).toBe(true);
  });
});
