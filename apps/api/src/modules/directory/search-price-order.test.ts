import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { providerDirectory } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { listedRowSql } from '../credentials/listing.ts';
import { directoryProvider, walkPlan } from './test-support.ts';

/**
 * Deep pages in price order are walks of each currency's fees, merged (search.ts): these
 * providers tie on the price key across currencies (the same US cents at the default reference
 * rates) and within one currency (the same fee), so a page boundary falls inside every kind of tie.
 */
let t: TestApp;

const people: { firstName: string; lastName: string; countryCode: string; timezone: string; fee: number }[] = [
  // 10,000 US cents each at the default rates (NGN 1,550, GBP 0.79, EUR 0.92 per dollar).
  { firstName: 'Chiamaka', lastName: 'Nwosu-Adeyemi', countryCode: 'NG', timezone: 'Africa/Lagos', fee: 15_500_000 },
  { firstName: 'Siobhán', lastName: "O'Connor", countryCode: 'GB', timezone: 'Europe/London', fee: 7_900 },
  { firstName: 'Jürgen', lastName: 'Groß-Weber', countryCode: 'DE', timezone: 'Europe/Berlin', fee: 9_200 },
  { firstName: 'Maya', lastName: 'Patel', countryCode: 'US', timezone: 'America/New_York', fee: 10_000 },
  // Two more at the same US fee, and two the same in naira.
  { firstName: 'Daniel', lastName: 'Brooks', countryCode: 'US', timezone: 'America/Chicago', fee: 10_000 },
  { firstName: 'Aaliyah', lastName: "D'Souza", countryCode: 'US', timezone: 'America/Denver', fee: 10_000 },
  { firstName: 'Tunde', lastName: 'Bakare', countryCode: 'NG', timezone: 'Africa/Lagos', fee: 2_000_000 },
  { firstName: 'Ngozi', lastName: 'Eze-Okafor', countryCode: 'NG', timezone: 'Africa/Lagos', fee: 2_000_000 },
  // Either side of the tie.
  { firstName: 'Hannah', lastName: 'Fischer', countryCode: 'DE', timezone: 'Europe/Berlin', fee: 5_000 },
  { firstName: 'Oliver', lastName: 'Smith-Jones', countryCode: 'GB', timezone: 'Europe/London', fee: 12_000 },
];

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  for (const person of people) await directoryProvider(t, person);
});
afterAll(() => t.close());

interface Page {
  data: { identifier: string; name: string }[];
  nextCursor: string | null;
  total: number;
}

async function page(query: string): Promise<Page> {
  const response = await t.app.inject({ url: `/api/providers?sort=price&${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /providers?sort=price, page after page', () => {
  it('walks every provider once, in the first page’s order, whatever the page size', async () => {
    const all = (await page('perPage=50')).data.map((card) => card.identifier);
    expect(all).toHaveLength(people.length);
    for (const perPage of [1, 2, 3]) {
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const answer: Page = await page(`perPage=${perPage}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(answer.total).toBe(people.length);
        walked.push(...answer.data.map((card) => card.identifier));
        cursor = answer.nextCursor;
      } while (cursor);
      expect(walked, `perPage=${perPage}`).toEqual(all);
    }
  });

  it('orders by the price in US cents, then by provider, across currencies', async () => {
    const cards = (await page('perPage=50')).data;
    const names = cards.map((card) => card.name);
    // ₦20,000 = 1,290 US cents each, tied; then €50 = 5,435; six tied at 10,000; £120 = 15,190.
    expect(new Set(names.slice(0, 2))).toEqual(new Set(['Tunde Bakare', 'Ngozi Eze-Okafor']));
    expect(names[2]).toBe('Hannah Fischer');
    expect(new Set(names.slice(3, 9))).toEqual(
      new Set([
        'Chiamaka Nwosu-Adeyemi',
        "Siobhán O'Connor",
        'Jürgen Groß-Weber',
        'Maya Patel',
        'Daniel Brooks',
        "Aaliyah D'Souza",
      ]),
    );
    expect(names[9]).toBe('Oliver Smith-Jones');
    for (const tied of [cards.slice(0, 2), cards.slice(3, 9)]) {
      const ids = tied.map((card) => card.identifier);
      expect(ids).toEqual([...ids].sort());
    }
  });

  it('filters a deep page as its first page does', async () => {
    const first = await page('perPage=2&countryCode=US');
    expect(first.total).toBe(3);
    const second = await page(`perPage=2&countryCode=US&cursor=${first.nextCursor}`);
    const walked = [...first.data, ...second.data].map((card) => card.name).sort();
    expect(walked).toEqual(["Aaliyah D'Souza", 'Daniel Brooks', 'Maya Patel']);
    expect(second.nextCursor).toBeNull();
  });
});

describe('the price order’s index', () => {
  it('walks one currency’s fees in order from a price, with no sort', async () => {
    // One walk of a deep page (search.ts builds it from the same pieces).
    const d = providerDirectory;
    const text = await walkPlan(
      t,
      sql`SELECT ${d.providerId} FROM ${d}
           WHERE ${listedRowSql(d, t.deps.clock.now())} AND ${d.feeCurrency} = 'NGN' AND ${d.feeMinor} >= 1000
           ORDER BY ${d.feeMinor}, ${d.providerId} LIMIT 13`,
    );
    expect(text).toContain('provider_directory_fee_idx');
    expect(text).not.toMatch(/Sort/);
  });
});
