import { DirectorySearchQuerySchema } from '@app/shared/schemas/directory';
import { and, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import {
  directoryNextOrder,
  directoryRatingOrder,
  preferenceOptions,
  providerDirectory,
  providerProfiles,
  userPreferences,
} from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { rawRows } from '../../platform/prepared.ts';
import { listedRowSql } from '../credentials/listing.ts';
import { pastBooking, reviewed } from '../reviews/test-support.ts';
import { refreshNextAvailable } from './next-available.ts';
import { SearchStatement, searchWhere } from './search.ts';
import { directoryProvider, keptAndChosenOptions, savePreferences, searchNames, walkPlan } from './test-support.ts';

/** This file's fresh database holds only these five providers. */
let t: TestApp;
let ada: TestUser;
let emeka: TestUser;
let lena: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') }); // a Monday
  ada = await directoryProvider(t, {
    firstName: 'Ada',
    lastName: 'Eze',
    state: 'NG-LA',
    gender: 'female',
    religion: 'christianity',
    headline: 'Clinical Psychologist',
    bio: 'I help adults with anxiety and panic using CBT.',
    fee: 1_500_000,
    options: {
      language: ['en', 'yo'],
      therapyApproach: ['cbt'],
      modality: ['video-session'],
      specialities: ['anxiety'],
    },
  });
  emeka = await directoryProvider(t, {
    firstName: 'Emeka',
    lastName: 'Obi',
    state: 'NG-FC',
    gender: 'male',
    religion: 'islam',
    bio: 'Relationship counselling for couples and families.',
    fee: 1_000_000,
    // Sundays only: listed (a free slot within the listing window), the last to be free.
    days: [7],
    options: { language: ['en', 'ig'], therapyApproach: ['psychodynamic'], modality: ['audio-call'] },
  });
  lena = await directoryProvider(t, {
    firstName: 'Lena',
    lastName: 'Schmidt',
    countryCode: 'DE',
    timezone: 'Europe/Berlin',
    state: 'DE-BE',
    gender: 'female',
    headline: 'Psychologische Psychotherapeutin',
    bio: 'Ich begleite Menschen mit Ängsten und Depressionen.',
    fee: 7_000,
    options: { language: ['de'], therapyApproach: ['cbt'], modality: ['video-session'] },
  });
  await directoryProvider(t, {
    firstName: 'Maya',
    lastName: 'Patel',
    countryCode: 'US',
    timezone: 'America/Los_Angeles',
    state: 'US-CA',
    gender: 'female',
    bio: 'Marriage and family therapist helping couples.',
    fee: 8_000,
    licensed: ['US-CA', 'US-NY'],
    options: { language: ['en', 'fr'], therapyApproach: ['family-systems'] },
  });
  await directoryProvider(t, {
    firstName: 'Daniel',
    lastName: 'Brooks',
    countryCode: 'US',
    timezone: 'America/New_York',
    state: 'US-NY',
    gender: 'male',
    bio: 'Depression and burnout at work.',
    fee: 12_000,
    days: [6],
    licensed: ['US-NY', 'US-NJ'],
    options: { language: ['en'] },
  });
  for (const [provider, ratings] of [
    [ada, [5, 4]],
    [lena, [5]],
    [emeka, [3]],
  ] as const) {
    for (const rating of ratings) {
      const client = await createTestUser(t, { role: 'client' });
      await reviewed(t, client, await pastBooking(t, client, provider), { rating });
    }
  }
});
afterAll(() => t.close());

const names = (query: string, headers?: Record<string, string>) => searchNames(t, query, headers);
const set = async (query: string) => (await names(query)).sort();

describe('GET /providers filters', () => {
  it('orders by rating by default, with counts and averages on the cards', async () => {
    const response = await t.app.inject({ url: '/api/providers' });
    const body = response.json();
    expect(body.total).toBe(5);
    expect(body.nextCursor).toBeNull();
    expect(body.data.slice(0, 3).map((item: { name: string }) => item.name)).toEqual([
      'Lena Schmidt',
      'Ada Eze',
      'Emeka Obi',
    ]);
    expect(body.data[1]).toMatchObject({ rating: 4.5, reviewCount: 2 });
    expect(body.data[3]).toMatchObject({ rating: null, reviewCount: 0 });
  });

  it('matches any option within a list and every list given', async () => {
    expect(await set('language=yo')).toEqual(['Ada Eze']);
    expect(await set('language=yo,ig')).toEqual(['Ada Eze', 'Emeka Obi']);
    expect(await set('language=yo&language=ig')).toEqual(['Ada Eze', 'Emeka Obi']);
    expect(await set('therapyApproach=cbt')).toEqual(['Ada Eze', 'Lena Schmidt']);
    expect(await set('therapyApproach=cbt&language=en')).toEqual(['Ada Eze']);
    expect(await set('modality=video-session&language=de&specialities=anxiety')).toEqual([]);
    expect(await set('gender=male')).toEqual(['Daniel Brooks', 'Emeka Obi']);
    expect(await names('gender=no-preference')).toHaveLength(5);
    expect(await set('religion=islam')).toEqual(['Emeka Obi']);
    expect(await set('country=de,us')).toEqual(['Daniel Brooks', 'Lena Schmidt', 'Maya Patel']);
    expect(await set('countryCode=NG')).toEqual(['Ada Eze', 'Emeka Obi']);
  });

  it('finds a US state through the provider’s own state or a licence', async () => {
    expect(await set('state=US-NY')).toEqual(['Daniel Brooks', 'Maya Patel']);
    expect(await set('state=us-ca')).toEqual(['Maya Patel']);
    expect(await set('state=US-NJ')).toEqual(['Daniel Brooks']);
    const stats = await t.app.inject({ url: '/api/providers/stats/states?countryCode=US&top=3' });
    expect(
      stats.json().map((state: { code: string; providerCount: number }) => [state.code, state.providerCount]),
    ).toEqual([
      ['US-NY', 2],
      ['US-CA', 1],
      ['US-NJ', 1],
    ]);
  });

  it('filters the general fee range in one currency (the visitor’s unless named)', async () => {
    expect(await set('feeMax=1200000&currency=NGN')).toEqual(['Emeka Obi']);
    expect(await set('feeMin=1000000&feeMax=1500000')).toEqual(['Ada Eze', 'Emeka Obi']); // visitor NG by default
    expect(await set('feeMin=7000&feeMax=9000&currency=usd')).toEqual(['Maya Patel']);
    expect(await names('feeMax=100000', { 'x-country-code': 'GB' })).toEqual([]);
  });

  it('finds providers free within N days once their next free slot is known', async () => {
    expect(await refreshNextAvailable(t.deps)).toBe(5);
    // A second run at the same time finds every slot where it was and writes no row.
    const versions = () => rawRows(t.deps.db, sql`SELECT provider_id, xmin::text AS version FROM provider_directory`);
    const before = await versions();
    expect(await refreshNextAvailable(t.deps)).toBe(5);
    expect(await versions()).toEqual(before);
    expect(await set('availableWithinDays=1')).toEqual(['Ada Eze', 'Lena Schmidt', 'Maya Patel']);
    expect(await set('availableWithinDays=7')).toEqual([
      'Ada Eze',
      'Daniel Brooks',
      'Emeka Obi',
      'Lena Schmidt',
      'Maya Patel',
    ]);
    const next = await names('sort=next');
    expect(next.slice(0, 2).sort()).toEqual(['Ada Eze', 'Lena Schmidt']);
    expect(next.slice(2)).toEqual(['Maya Patel', 'Daniel Brooks', 'Emeka Obi']);
  });

  it('orders by price across currencies at the reference rates', async () => {
    expect(await names('sort=price')).toEqual(['Emeka Obi', 'Ada Eze', 'Lena Schmidt', 'Maya Patel', 'Daniel Brooks']);
  });

  it('shows the fee in the visitor’s currency beside the provider’s', async () => {
    const response = await t.app.inject({ url: '/api/providers?language=yo', headers: { 'x-country-code': 'GB' } });
    expect(response.json().data[0]).toMatchObject({
      fee: { amount: 1_500_000, currencyCode: 'NGN', isFree: false },
      visitorCurrencyCode: 'GBP',
      visitorFee: { amount: 800, currencyCode: 'GBP' },
    });
    const home = await t.app.inject({ url: '/api/providers?language=yo', headers: { 'x-country-code': 'NG' } });
    expect(home.json().data[0].visitorFee).toBeNull();
  });

  it('searches names, titles and bios with English and German stemming and prefixes', async () => {
    expect(await set('q=anxieties')).toEqual(['Ada Eze']);
    // Ada offers anxiety (Angst), Lena writes about Ängste.
    expect(await set('q=%C3%84ngste')).toEqual(['Ada Eze', 'Lena Schmidt']);
    expect(await set('q=Psychotherapeutin')).toEqual(['Lena Schmidt']);
    expect(await set('q=couple')).toEqual(['Emeka Obi', 'Maya Patel']);
    expect(await set('q=Schmi')).toEqual(['Lena Schmidt']);
    expect(await set('q=family%20therapist')).toEqual(['Maya Patel']);
    expect(await set('q=zzzz')).toEqual([]);
    expect(await names('q=%27%3B%20DROP%20TABLE%20users%3B--')).toEqual([]);
    expect(await names('q=%20%21%21%20')).toHaveLength(5);
    expect(await set('q=couples&countryCode=US&language=fr')).toEqual(['Maya Patel']);
  });

  it('searches a provider’s options as soon as they change, from the directory’s copy of them', async () => {
    expect(await set('specialities=anxiety')).toEqual(['Ada Eze']);
    await savePreferences(t, emeka, { specialities: ['anxiety', 'grief-and-loss'], modality: [] });
    expect(await set('specialities=anxiety')).toEqual(['Ada Eze', 'Emeka Obi']);
    expect(await set('specialities=grief-and-loss&language=ig')).toEqual(['Emeka Obi']);
    expect(await set('modality=audio-call')).toEqual([]);
    const { kept, chosen } = await keptAndChosenOptions(t, emeka.id);
    expect(kept).toHaveLength(5); // en, ig, psychodynamic and the two specialities
    expect(kept).toEqual(chosen);
    await savePreferences(t, emeka, { specialities: [], modality: ['audio-call'] });
    expect(await set('specialities=anxiety')).toEqual(['Ada Eze']);
    expect(await set('modality=audio-call')).toEqual(['Emeka Obi']);
    const after = await keptAndChosenOptions(t, emeka.id);
    expect(after.kept).toEqual(after.chosen);
  });

  it('refuses an unknown option with a field error', async () => {
    const response = await t.app.inject({ url: '/api/providers?language=xx' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ language: ['Choose one of the listed options'] });
  });
});

describe('GET /providers keyset pages', () => {
  for (const sort of ['relevance', 'rating', 'price', 'next']) {
    it(`walks every provider once with ?sort=${sort}`, async () => {
      const all = await names(`sort=${sort}&perPage=50`);
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/providers?sort=${sort}&perPage=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await t.app.inject({ url })).json();
        expect(page.total).toBe(5);
        walked.push(...page.data.map((item: { name: string }) => item.name));
        cursor = page.nextCursor;
      } while (cursor);
      expect(walked).toEqual(all);
    });
  }

  it('refuses a cursor that was tampered with or belongs to another order', async () => {
    const priced = (await t.app.inject({ url: '/api/providers?sort=price&perPage=2' })).json();
    for (const url of [
      `/api/providers?sort=rating&cursor=${priced.nextCursor}`,
      '/api/providers?cursor=not-a-cursor',
      `/api/providers?sort=price&cursor=${Buffer.from('["price",["1; drop"],"x"]').toString('base64url')}`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'INVALID_CURSOR',
        message: 'This list has changed. Please start again from the first page.',
      });
    }
  });
});

describe('the sort orders’ indexes', () => {
  const d = providerDirectory;
  const orders = [
    { name: 'rating', keys: directoryRatingOrder(d), index: 'provider_directory_rating_order_idx' },
    { name: 'next free slot', keys: [directoryNextOrder(d)], index: 'provider_directory_next_order_idx' },
  ];
  for (const order of orders) {
    it(`serves a page after a position in ${order.name} order as a walk of the index, with no sort`, async () => {
      // What a deep page asks (search.ts builds it from the same pieces): the index must match the keys exactly.
      const position = sql.join([...order.keys, sql`${d.providerId}`], sql`, `);
      const values = sql.join(
        [...order.keys.map(() => sql`-9::numeric`), sql`${'00000000-0000-4000-8000-000000000000'}::uuid`],
        sql`, `,
      );
      const text = await walkPlan(
        t,
        sql`SELECT ${d.providerId} FROM ${d}
             WHERE ${listedRowSql(d, t.deps.clock.now())} AND ((${position}) > (${values}))
             ORDER BY ${position} LIMIT 13`,
      );
      expect(text).toContain(order.index);
      expect(text).not.toMatch(/Sort/);
    });
  }
});

describe('the filter keys', () => {
  const d = providerDirectory;
  const keysOf = async (providerId: string) => {
    const [row] = await rawRows<{ options: string[]; keys: string[]; country: string }>(
      t.deps.db,
      sql`SELECT option_ids AS options, filter_keys AS keys, country_id AS country FROM ${d} WHERE provider_id = ${providerId}`,
    );
    return { kept: [...(row?.keys ?? [])].sort(), expected: [...(row?.options ?? []), row?.country].sort() };
  };

  it('hold the options and the country, and follow a move to another country', async () => {
    const before = await keysOf(ada.id);
    expect(before.kept).toEqual(before.expected);
    const countryId = (code: string) => sql`(SELECT id FROM countries WHERE code = ${code})`;
    await t.deps.db.execute(
      sql`UPDATE users SET country_id = ${countryId('GB')}, state_id = NULL WHERE id = ${ada.id}`,
    );
    try {
      const moved = await keysOf(ada.id);
      expect(moved.kept).toEqual(moved.expected);
      expect(moved.kept).not.toEqual(before.kept);
      expect(await set('countryCode=GB&language=yo')).toEqual(['Ada Eze']);
      expect(await set('countryCode=NG')).toEqual(['Emeka Obi']);
    } finally {
      await t.deps.db.execute(sql`UPDATE users SET country_id = ${countryId('NG')} WHERE id = ${ada.id}`);
    }
    expect(await set('countryCode=NG')).toEqual(['Ada Eze', 'Emeka Obi']);
  });

  it('find a country’s providers and their options in one scan of one index', async () => {
    // The WHERE a search in one country with one list filter builds, its values written in.
    class Inline extends SearchStatement {
      override value(value: unknown) {
        return sql`${value}`;
      }
    }
    const query = DirectorySearchQuerySchema.parse({ countryCode: 'NG', language: ['yo'] });
    const built = await searchWhere(t.deps, new Inline(), query, 'NGN', []);
    const where = built ? new PgDialect().sqlToQuery(built).sql : '';
    expect(where).toContain('"provider_directory"."filter_keys" && ARRAY(SELECT "countries"."id" FROM "countries"');
    expect(where).not.toContain('country_id');
    // Those two overlaps, alone (a test's table is too small for the listing rule's indexes to
    // lose to this one), are both conditions of one scan of the filter keys' index.
    const plan = await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return rawRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`EXPLAIN SELECT ${d.providerId} FROM ${d}
             WHERE ${d.filterKeys} && ARRAY(SELECT id FROM countries WHERE code = 'NG')
               AND ${d.filterKeys} && ${`{${ada.id}}`}::uuid[]`,
      );
    });
    const lines = plan.map((row) => row['QUERY PLAN']);
    const scan = lines.findIndex((line) => line.includes('Bitmap Index Scan on provider_directory_filter_keys_idx'));
    expect(scan).toBeGreaterThanOrEqual(0);
    expect(lines[scan + 1]).toMatch(/Index Cond: \(\(filter_keys && .+\) AND \(filter_keys && .+\)\)/);
  });
});

describe('the directory’s copy of the options', () => {
  it('starts with the options a user chose before their provider profile existed', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const [option] = await t.deps.db
      .select({ id: preferenceOptions.id })
      .from(preferenceOptions)
      .where(and(eq(preferenceOptions.list, 'language'), eq(preferenceOptions.key, 'ha')));
    await t.deps.db
      .insert(userPreferences)
      .values({ userId: user.id, optionId: option?.id as string, list: 'language' });
    await t.deps.db.insert(providerProfiles).values({ userId: user.id });
    const { kept, chosen } = await keptAndChosenOptions(t, user.id);
    expect(kept).toEqual([option?.id]);
    expect(kept).toEqual(chosen);
  });
});
