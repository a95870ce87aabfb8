import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app.ts';
import { countries, emails, users } from '../../db/schema/index.ts';
import { settleAfterAnswerWork } from './mail-safely.ts';

/** Not among the 10,000 most common passwords. */
export const PASSWORD = 'Sunny-meadow-42';
export const NEW_PASSWORD = 'Quiet-harbour-77';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

export function clientBody(overrides: Record<string, unknown> = {}) {
  return {
    userType: 'client',
    email: uniqueEmail('client'),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Ada',
    lastName: 'Obi',
    phoneNumber: '08012345678',
    agreeToTerms: true,
    ...overrides,
  };
}

export async function countryId(t: TestApp, code: string): Promise<string> {
  const [row] = await t.deps.db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
  if (!row) throw new Error(`no country ${code}`);
  return row.id;
}

export async function providerBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('provider');
  return {
    userType: 'provider',
    email,
    confirmEmail: email,
    password: PASSWORD,
    countryIdentifier: await countryId(t, 'NG'),
    agreeToTerms: true,
    ...overrides,
  };
}

/** The outbox (the `emails` table) for one address, newest first. */
export async function outbox(t: TestApp, to: string) {
  await settleAfterAnswerWork(); // reset and verification emails are sent after the answer
  return t.deps.db
    .select()
    .from(emails)
    .where(eq(emails.to, to.toLowerCase()))
    .orderBy(desc(emails.createdAt), desc(emails.id));
}

/** The `token` query parameter of the first link in an email text. */
export function linkToken(text: string): string {
  const match = /[?&]token=([\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no token link in: ${text}`);
  return match[1];
}

export async function userByEmail(t: TestApp, email: string) {
  const [row] = await t.deps.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

/** Signs a body up, follows the emailed link, and answers the credentials. */
export async function registerVerified(
  t: TestApp,
  body: Record<string, unknown> = clientBody(),
  options: { ip?: string } = {},
) {
  const remoteAddress = options.ip ?? '127.0.0.1';
  const res = await t.app.inject({ method: 'POST', url: '/api/user/register', payload: body, remoteAddress });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const email = String(body.email).toLowerCase();
  const [mail] = await outbox(t, email);
  if (!mail) throw new Error('no verification email');
  const verify = await t.app.inject({
    method: 'POST',
    url: '/api/user/register/verify',
    payload: { token: linkToken(mail.text) },
    remoteAddress,
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  return { email, password: String(body.password), userId: res.json().identifier as string };
}

export interface LoginAnswer {
  token: string;
  refreshToken: string;
  expiresIn: number;
  refreshTokenExp: number;
  user: { identifier: string; email: string; role: string };
  headers: { authorization: string };
}

export async function login(t: TestApp, email: string, password: string): Promise<LoginAnswer> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const body = res.json();
  return { ...body, headers: { authorization: `Bearer ${body.token}` } };
}

/** Test config: limits out of the way unless a test lowers them. */
export const GENEROUS_LIMITS = {
  rateLimits: Object.fromEntries(
    [
      'loginPerIp',
      'loginPerEmail',
      'registerPerIp',
      'emailRequestPerIp',
      'emailRequestPerEmail',
      'tokenRedeemPerIp',
      'emailChangePerUser',
      'passwordCheckPerUser',
      'refreshPerIp',
    ].map((name) => [name, { max: 10_000, windowSeconds: 3600 }]),
  ),
};
