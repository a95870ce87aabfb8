/** The demo accounts and what the booking journeys do with them (the app under test runs with demo data). */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { type Account, accountIdOf, addDays, dateIn, tokenOf } from './helpers';

export const CLIENT = { email: 'client@demo.test', password: 'demo-pass-123' };
export const PROVIDER = { email: 'provider@demo.test', password: 'demo-pass-123' };
/** Demo therapists in the United Kingdom and the United States (their payout bank forms differ). */
export const GB_PROVIDER = { email: 'sarah.collins@demo.test', password: 'demo-pass-123' };
/** A second GB therapist whose payout details no journey saves before the wallet journey does. */
export const GB_PROVIDER_NEW_BANK = { email: 'james.reid@demo.test', password: 'demo-pass-123' };
export const US_PROVIDER = { email: 'maya.patel@demo.test', password: 'demo-pass-123' };
export const PROVIDER_NAME = 'Dr Chiamaka Eze';
export const CLIENT_NAME = 'Ada Okafor';
/** Both demo users live in Lagos: the screens show times there. */
export const ZONE = 'Africa/Lagos';
export const PRICE = '₦15,000.00';
/** The same fee on a German page. */
export const PRICE_DE = '15.000,00 ₦';

/** The first Monday-to-Friday date at least `days` days after `from` (the demo therapist works weekdays). */
export function weekdayFrom(from: string, days: number): string {
  let date = addDays(from, days);
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) date = addDays(date, 1);
  return date;
}

export async function dismissConsent(page: Page) {
  const reject = page.getByRole('button', { name: 'Reject', exact: true });
  // The banner may go by itself between the look and the click (the page settling): then there is
  // nothing left to click, and a plain click would wait for it until the test times out. A click
  // that lands before the page has hydrated does nothing: then it is clicked again.
  await expect(async () => {
    if (await reject.isVisible()) await reject.click({ timeout: 2_000 }).catch(() => undefined);
    await expect(reject).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

export async function walletBalance(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get('/api/wallet/balance', { headers: { Authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { balance: number }).balance;
}

/** A card top-up through the sandbox gateway, approved and confirmed. */
export async function topUp(request: APIRequestContext, token: string, amount: number) {
  const headers = { Authorization: `Bearer ${token}` };
  const started = await request.post('/api/payment/wallet', { headers, data: { amount } });
  expect(started.ok(), await started.text()).toBe(true);
  const { reference } = ((await started.json()) as { payment: { reference: string } }).payment;
  const approved = await request.post(`/api/sandbox/payments/${reference}/approve`, {
    headers: { Accept: 'application/json' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  const status = await request.get(`/api/payment/status/${reference}`, { headers });
  expect(((await status.json()) as { status: string }).status).toBe('success');
}

/** Booking step 1 for the demo therapist: modality, the only therapy (chosen already) and a note. */
export async function fillBookingForm(page: Page, note: string) {
  await page.getByRole('radio', { name: 'Video Session' }).check();
  await expect(page.getByRole('radio', { name: /Individual Therapy/ })).toBeChecked();
  await page.getByLabel('Note for your therapist (optional)').fill(note);
  await page.getByRole('button', { name: 'Continue to choose a time' }).click();
  await page.waitForURL(/\/booking\/[0-9a-f-]{36}\/schedule\/$/);
  await page.waitForLoadState('networkidle');
}

/** The first free slot of a provider from the day after tomorrow on. */
export async function firstSlot(request: APIRequestContext, providerId: string): Promise<string> {
  const today = dateIn('Africa/Lagos', new Date());
  for (let days = 2; days < 30; days += 1) {
    const answer = await request.get(`/api/providers-availability/${providerId}/timeslot/${weekdayFrom(today, days)}`);
    const slot = (await answer.json()).days?.[0]?.timeSlot?.[0]?.identifier;
    if (slot) return slot;
  }
  throw new Error('no free slot');
}

/**
 * The first weekday at least `days` days after `today` on which the provider's slot starting at
 * `time` ("14:00" in `zone`) is still free: the journeys before may have taken that very hour, or
 * hold the hour beside it (a buffer). With `repeat`, the slot must be free on each of its dates too
 * (a series: `count` dates, `everyDays` apart).
 */
export async function weekdayWithFree(
  request: APIRequestContext,
  providerId: string,
  input: { today: string; days: number; time: string; zone: string; repeat?: { count: number; everyDays: number } },
): Promise<string> {
  const free = async (date: string) => {
    const answer = await request.get(
      `/api/providers-availability/${providerId}/timeslot/${date}?timezone=${encodeURIComponent(input.zone)}`,
    );
    const slots = ((await answer.json()).days?.[0]?.timeSlot ?? []) as Array<{ startTime: string }>;
    return slots.some((slot) => slot.startTime === input.time);
  };
  const { count, everyDays } = input.repeat ?? { count: 1, everyDays: 0 };
  for (let date = weekdayFrom(input.today, input.days), tried = 0; tried < 30; date = weekdayFrom(date, 1), tried++) {
    let all = true;
    for (let index = 0; index < count && all; index++) all = await free(addDays(date, index * everyDays));
    if (all) return date;
  }
  throw new Error(`no weekday with ${input.time} free`);
}

/** A session with the provider that the client books and pays from the wallet, through the API. */
export async function paidSession(request: APIRequestContext, client: Account, provider: Account, therapyKey?: string) {
  const headers = { Authorization: `Bearer ${await tokenOf(request, client)}` };
  const providerLogin = await (await request.post('/api/user/login', { data: provider })).json();
  const providerId = providerLogin.user.identifier as string;
  const profile = await (await request.get(`/api/providers/${providerId}`)).json();
  const therapies = (profile.therapies ?? profile.therapyCategories) as Array<{ identifier: string; key?: string }>;
  const therapy = therapies.find((item) => item.key === therapyKey) ?? therapies[0];
  const booking = await request.post('/api/booking', {
    headers,
    data: {
      providerIdentifier: providerId,
      therapyIdentifier: therapy?.identifier,
      modalityIdentifier: profile.modalities?.[0]?.identifier,
    },
  });
  expect(booking.ok(), await booking.text()).toBe(true);
  const bookingId = (await booking.json()).identifier as string;
  const scheduled = await request.post(`/api/booking/${bookingId}/schedule`, {
    headers,
    data: { timeslotIdentifier: await firstSlot(request, providerId) },
  });
  expect(scheduled.ok(), await scheduled.text()).toBe(true);
  const paid = await request.post(`/api/payment/booking/${bookingId}`, { headers, data: { method: 'wallet' } });
  expect(paid.ok(), await paid.text()).toBe(true);
  return bookingId;
}

/**
 * A weekly series of `occurrences` sessions with the provider that the client books and pays at
 * once from the wallet, through the API: from the first free slot from the day after tomorrow on
 * whose later weeks are free too. Nothing is left held for the journeys after it.
 */
export async function paidSeries(request: APIRequestContext, client: Account, provider: Account, occurrences = 2) {
  const headers = { Authorization: `Bearer ${await tokenOf(request, client)}` };
  const providerId = await accountIdOf(request, provider);
  const profile = await (await request.get(`/api/providers/${providerId}`)).json();
  const therapies = (profile.therapies ?? profile.therapyCategories) as Array<{ identifier: string }>;
  const today = dateIn('Africa/Lagos', new Date());
  for (let days = 2; days < 30; days += 1) {
    const answer = await request.get(`/api/providers-availability/${providerId}/timeslot/${weekdayFrom(today, days)}`);
    const slots = ((await answer.json()).days?.[0]?.timeSlot ?? []) as Array<{ identifier: string }>;
    for (const slot of slots) {
      const series = await request.post('/api/booking/series', {
        headers,
        data: {
          providerIdentifier: providerId,
          therapyIdentifier: therapies[0]?.identifier,
          modalityIdentifier: profile.modalities?.[0]?.identifier,
          timeslotIdentifier: slot.identifier,
          occurrences,
        },
      });
      // A later week taken: the next slot.
      if (series.status() === 409) continue;
      expect(series.ok(), await series.text()).toBe(true);
      const seriesId = (await series.json()).identifier as string;
      const paid = await request.post(`/api/payment/series/${seriesId}`, { headers, data: { method: 'wallet' } });
      expect(paid.ok(), await paid.text()).toBe(true);
      return seriesId;
    }
  }
  throw new Error('no free series');
}
