import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { fixedClock } from '../../platform/clock.ts';
import { clientBody, countryId, GENEROUS_LIMITS, login, registerVerified, userByEmail } from './auth-test-helpers.ts';

/** A Berlin visitor who signs up must get a euro wallet, not a naira one. */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z'), config: GENEROUS_LIMITS });
});
afterAll(() => t.close());

async function walletAfterSignUp(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/register', payload: body, headers });
  expect(res.statusCode, res.body).toBe(201);
  const email = String(body.email).toLowerCase();
  const session = await login(t, email, String(body.password));
  const balance = await t.app.inject({ url: '/api/wallet/balance', headers: session.headers });
  expect(balance.statusCode).toBe(200);
  return { balance: balance.json(), user: res.json(), row: await userByEmail(t, email) };
}

describe('sign-up country and the wallet currency', () => {
  it.each([
    ['DE', 'EUR', 'Europe/Berlin'],
    ['GB', 'GBP', 'Europe/London'],
    ['US', 'USD', null],
    ['NG', 'NGN', 'Africa/Lagos'],
  ])('a client who chooses %s gets a %s wallet', async (code, currency, zone) => {
    const { balance, user, row } = await walletAfterSignUp(
      clientBody({ countryIdentifier: await countryId(t, code) }),
      // The chosen country wins over the header the browser sends for the page's country.
      { 'x-country-code': code === 'NG' ? 'DE' : 'NG', 'x-language': code === 'DE' ? 'de' : 'en' },
    );
    expect(balance).toEqual({ balance: 0, currency, others: [] });
    expect(user).toMatchObject({ country: { code } });
    expect(row?.countryId).toBe(await countryId(t, code));
    if (zone) expect(row?.timezone).toBe(zone);
  });

  it('takes the page country when none is chosen, and NGN when there is none', async () => {
    const german = await walletAfterSignUp(clientBody(), { 'x-country-code': 'DE' });
    expect(german.balance).toEqual({ balance: 0, currency: 'EUR', others: [] });
    const unknown = await walletAfterSignUp(clientBody());
    expect(unknown.balance.currency).toBe('NGN');
  });

  it('a client may live where the product does not operate: the wallet falls back to NGN', async () => {
    const { balance, user } = await walletAfterSignUp(clientBody({ countryIdentifier: await countryId(t, 'FR') }));
    expect(user).toMatchObject({ country: { code: 'FR' } });
    expect(balance.currency).toBe('NGN');
  });

  it('a verified German client keeps the euro wallet after verifying', async () => {
    const body = clientBody({ countryIdentifier: await countryId(t, 'DE') });
    const { email, password } = await registerVerified(t, body);
    const session = await login(t, email, password);
    const balance = await t.app.inject({ url: '/api/wallet/balance', headers: session.headers });
    expect(balance.json()).toEqual({ balance: 0, currency: 'EUR', others: [] });
  });
});
