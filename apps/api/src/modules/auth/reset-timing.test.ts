import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnswerWork, buildTracedTestApp, type TracedTestApp } from '../../../test/answer-work.ts';
import { createTestUser } from '../../../test/factories.ts';
import { authTokens, emails, users } from '../../db/schema/index.ts';

const many = { max: 10_000, windowSeconds: 3600 };
/** Requests for each address, in turns whose order alternates. */
const TURNS = 4;
/** Tables whose reading or writing depends on whether the address has an account. */
const ACCOUNT_TABLES = /"(users|auth_tokens|emails)"/;

/**
 * Account enumeration by timing: a reset (or verification) request for a known address must take
 * as long as one for an unknown address. Rather than timing both (which a busy machine blurs),
 * this checks why they take the same time: before the answer leaves, both run the very same
 * statements and none of them reads or writes anything about the account; the lookup, the token
 * and the email come after the answer (afterAnswer), and really happen for a known address.
 */
describe('password-reset and verification requests do the same work for known and unknown addresses', () => {
  let t: TracedTestApp;
  beforeAll(async () => {
    t = await buildTracedTestApp({ config: { rateLimits: { emailRequestPerEmail: many, emailRequestPerIp: many } } });
  });
  afterAll(() => t.close());

  /** `TURNS` requests for each address, alternating which goes first; every one answered 200. */
  async function compare(url: string, addresses: string[]): Promise<AnswerWork[][]> {
    const works: AnswerWork[][] = addresses.map(() => []);
    for (let turn = 0; turn < TURNS; turn += 1) {
      const order = turn % 2 ? [...addresses.keys()].reverse() : [...addresses.keys()];
      for (const index of order) {
        const email = addresses[index] as string;
        const work = await t.answerWork(() => t.app.inject({ method: 'POST', url, payload: { email } }));
        expect(work.response.statusCode).toBe(200);
        works[index]?.push(work);
      }
    }
    const [first] = works.flat() as [AnswerWork];
    for (const work of works.flat()) {
      expect(work.response.body).toBe(first.response.body);
      expect(work.before).toEqual(first.before);
    }
    expect(first.before.length).toBeGreaterThan(0); // the rate limits, counted before the answer
    expect(first.before.filter((statement) => ACCOUNT_TABLES.test(statement))).toEqual([]);
    return works;
  }

  const wrote = (work: AnswerWork, table: string) =>
    work.after.some((statement) => statement.startsWith(`insert into "${table}"`));

  it('reset requests: the same statements before the answer; the known address gets its emails after it', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const [known, unknown] = await compare('/api/user/request-password-reset', [user.email, 'nobody@example.test']);
    for (const work of known ?? []) {
      expect(work.after.some((statement) => statement.includes('from "users"'))).toBe(true);
      expect(wrote(work, 'emails')).toBe(true);
    }
    for (const work of unknown ?? []) {
      expect(work.after.some((statement) => statement.includes('from "users"'))).toBe(true); // looked up too
      expect(wrote(work, 'emails')).toBe(false);
    }
    const sent = await t.deps.db.select({ id: emails.id }).from(emails).where(eq(emails.to, user.email));
    expect(sent.length).toBe(TURNS);
    const live = await t.deps.db
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, 'reset_password')));
    expect(live).toHaveLength(1); // each new link replaced the one before
  });

  it('verification requests: the same statements for an unverified, a verified and an unknown address', async () => {
    const unverified = await createTestUser(t, { role: 'client' });
    await t.deps.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.id));
    const verified = await createTestUser(t, { role: 'client' });
    const [pending, done, unknown] = await compare('/api/user/register/request-verification', [
      unverified.email,
      verified.email,
      'nobody-else@example.test',
    ]);
    for (const work of pending ?? []) expect(wrote(work, 'emails')).toBe(true);
    for (const work of [...(done ?? []), ...(unknown ?? [])]) expect(wrote(work, 'emails')).toBe(false);
    const sent = await t.deps.db.select({ id: emails.id }).from(emails).where(eq(emails.to, unverified.email));
    expect(sent.length).toBe(TURNS);
    const none = await t.deps.db.select({ id: emails.id }).from(emails).where(eq(emails.to, verified.email));
    expect(none).toEqual([]);
  });
});
