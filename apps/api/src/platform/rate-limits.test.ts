import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { openTestDatabase, testDriver } from '../../test/test-database.ts';
import { openDatabase } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import { fixedClock } from './clock.ts';
import { hitRateLimit, purgeRateLimits } from './rate-limits.ts';

const rule = { max: 3, windowSeconds: 60 };
const secret = 'test-secret-that-is-long-enough-for-hs256-signing';

function login(t: TestApp, email: string, ip = '10.9.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password: 'Wrong-password-1' },
    remoteAddress: ip,
  });
}

describe('rate limits kept in the database', () => {
  let t: TestApp;
  let clock: ReturnType<typeof fixedClock>;
  beforeAll(async () => {
    clock = fixedClock('2027-03-01T09:00:00Z');
    t = await buildTestApp({ clock, config: { rateLimits: { loginPerEmail: rule } } });
  });
  afterAll(() => t.close());

  it('counts in a fixed window, answers retry-after, starts again after the window and never stores the key', async () => {
    const email = 'window@example.test';
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await login(t, email)).statusCode).toBe(401);
    const blocked = await login(t, email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('60');

    clock.advance(30_000);
    expect((await login(t, email)).headers['retry-after']).toBe('30');

    const rows = await t.deps.db.select().from(rateLimitCounters);
    expect(rows.map((row) => row.name)).toContain('loginPerEmail');
    expect(JSON.stringify(rows)).not.toContain(email);
    expect(JSON.stringify(rows)).not.toContain('10.9.0.1');

    clock.advance(31_000);
    expect((await login(t, email)).statusCode).toBe(401);
  });

  it('purges counters whose window ended', async () => {
    await hitRateLimit(t.deps.db, { secret, name: 'purge', key: 'k', rule, now: clock.now() });
    clock.advance(61_000);
    const { purged } = await purgeRateLimits(t.deps);
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await t.deps.db.select().from(rateLimitCounters);
    expect(left.every((row) => row.windowEndsAt > clock.now())).toBe(true);
  });
});

describe('a limit survives a restart', () => {
  it('a new app on the same database goes on counting', async () => {
    const database = await openTestDatabase();
    const clock = fixedClock('2027-03-01T09:00:00Z');
    const config = { rateLimits: { loginPerEmail: rule } };
    const first = await buildTestApp({ database, clock, config });
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await login(first, 'restart@example.test')).statusCode).toBe(401);
    await first.app.close(); // the process stops; its database stays
    const second = await buildTestApp({ database, clock, config });
    expect((await login(second, 'restart@example.test')).statusCode).toBe(429);
    await second.close();
  });
});

/** Two server processes on one PostgreSQL, each with its own pool, share every limit. */
describe.runIf(testDriver === 'pg')('two processes on one PostgreSQL share a limit', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const database = await openTestDatabase();
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
    const clock = fixedClock('2027-03-01T09:00:00Z');
    const config = { rateLimits: { loginPerEmail: { max: 10, windowSeconds: 600 } } };
    a = await buildTestApp({ database, clock, config });
    b = await buildTestApp({ database: await openDatabase({ url }), clock, config });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('alternating requests count once in total, and 40 concurrent ones admit exactly the limit', async () => {
    const email = 'shared@example.test';
    const answers: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1)
      answers.push((await login(attempt % 2 ? b : a, email)).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);

    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(i % 2 ? b : a, 'burst@example.test', `10.9.1.${i}`)),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });
});
