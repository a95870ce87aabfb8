/** The demo accounts and what the booking journeys do with them (the app under test runs with demo data). */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

export const CLIENT = { email: 'client@demo.test', password: 'demo-pass-123' };
export const PROVIDER = { email: 'provider@demo.test', password: 'demo-pass-123' };
export const PROVIDER_NAME = 'Dr Chiamaka Eze';
export const CLIENT_NAME = 'Ada Okafor';
/** Both demo users live in Lagos: the screens show times there. */
export const ZONE = 'Africa/Lagos';
export const PRICE = '₦15,000.00';

/** "YYYY-MM-DD" of an instant in a zone. */
export function dateIn(zone: string, instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first Monday-to-Friday date at least `days` days after `from` (the demo therapist works weekdays). */
export function weekdayFrom(from: string, days: number): string {
  let date = addDays(from, days);
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) date = addDays(date, 1);
  return date;
}

export async function signIn(page: Page, account: { email: string; password: string }, redirect: string) {
  await page.goto(`/login/?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === redirect);
  await page.waitForLoadState('networkidle');
}

export async function dismissConsent(page: Page) {
  const reject = page.getByRole('button', { name: 'Reject', exact: true });
  if (await reject.isVisible()) await reject.click();
}

export async function tokenOf(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<string> {
  const answer = await request.post('/api/user/login', { data: account });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

export async function walletBalance(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get('/api/wallet/balance', { headers: { Authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { balance: number }).balance;
}

/** A card top-up through the sandbox gateway, approved and confirmed. */
export async function topUp(request: APIRequestContext, token: string, amount: number) {
  const headers = { Authorization: `Bearer ${token}` };
  const started = await request.post('/api/payment/wallet', { headers, data: { amount } });
  expect(started.ok()).toBe(true);
  const { reference } = ((await started.json()) as { payment: { reference: string } }).payment;
  const approved = await request.post(`/api/sandbox/payments/${reference}/approve`, {
    headers: { Accept: 'application/json' },
  });
  expect(approved.ok()).toBe(true);
  const status = await request.get(`/api/payment/status/${reference}`, { headers });
  expect(((await status.json()) as { status: string }).status).toBe('success');
}
