import type { APIRequestContext, Browser, Page } from '@playwright/test';
import config from '../playwright.config';
import { dismissConsent, topUp, walletBalance } from './demo';
import { expect, test } from './fixtures';
import { type Account, countryIdentifier, signUpVerified, submitSignIn, tokenOf } from './helpers';

/**
 * The dispute window: a client reports that a completed session did not take place, the operator
 * decides with both parties' presence in view, and the fee goes back to the client's wallet. And
 * presence before the start does not count: both left before it, so it ends as a no-show.
 * Sessions come from the dev tools (scripts/e2e-server.mjs turns DEV_TOOLS on): a past session
 * with the stays the room recorded, and settling a room as if it had closed, so nobody waits out
 * an hour in the room.
 */

/**
 * A demo therapist no other journey books and whose week the demo leaves open (a fully booked
 * one's seeded sessions would collide with a session "now" at some hours of the day).
 */
const THERAPIST = { email: 'hannah.fischer@demo.test', password: 'demo-pass-123' };
const ADMIN = { email: 'admin@demo.test', password: 'demo-pass-123' };
const PASSWORD = 'calm-river-42';
const FEE = 1_500_000;

test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

async function newClient(request: APIRequestContext): Promise<Account> {
  const email = `dispute.${Date.now()}.${Math.floor(Math.random() * 1000)}@example.com`;
  await signUpVerified(request, {
    userType: 'client',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Chidi',
    lastName: "O'Neill-Eze",
    phoneNumber: '+234 801 234 5678',
    countryIdentifier: await countryIdentifier(request, 'NG'),
    agreeToTerms: true,
  });
  return { email, password: PASSWORD };
}

async function devSession(request: APIRequestContext, data: Record<string, unknown>) {
  const answer = await request.post('/api/dev/session-room', { data });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { bookingIdentifier: string }).bookingIdentifier;
}

async function closeRoom(request: APIRequestContext, bookingId: string) {
  const closed = await request.post(`/api/dev/session-room/${bookingId}/close`);
  expect(closed.status(), await closed.text()).toBe(200);
  expect(await closed.json()).toEqual({ completed: 1 });
}

async function signIn(page: Page, account: Account, path: string) {
  await page.goto(`/login/?redirect=${encodeURIComponent(path)}`);
  await dismissConsent(page);
  await submitSignIn(page, account);
  await page.waitForURL((url) => url.pathname === path);
  await page.waitForLoadState('networkidle');
}

async function signedInPage(browser: Browser, baseURL: string | undefined, account: Account, path: string) {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signIn(page, account, path);
  return page;
}

test.describe('the dispute window', () => {
  test('a client reports a completed session; the operator decides it did not take place; the wallet shows the refund', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const client = await newClient(request);
    const clientToken = await tokenOf(request, client);
    await topUp(request, clientToken, FEE);
    // A paid session two hours ago that both attended throughout, settled as its room closed.
    const bookingId = await devSession(request, {
      clientEmail: client.email,
      providerEmail: THERAPIST.email,
      startsInMinutes: -120,
      durationMinutes: 60,
      price: { amountMinor: FEE, currencyCode: 'NGN' },
      attendance: [
        { party: 'provider', fromMinute: 0, toMinute: 60 },
        { party: 'client', fromMinute: 0, toMinute: 60 },
      ],
    });
    await closeRoom(request, bookingId);
    expect(await walletBalance(request, clientToken)).toBe(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, client, `/appointments/${bookingId}/`);
    await expect(page.getByTestId('session-outcome')).toHaveAttribute('data-outcome', 'completed');
    await page.getByRole('button', { name: 'Report: the session did not take place' }).click();
    const dialog = page.getByRole('dialog', { name: 'The session did not take place?' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Please tell us what happened')).toBeVisible();
    await dialog.getByLabel(/What happened\?/).fill('The therapist was never there; I waited alone.');
    await page.screenshot({ path: 'test-results/no-session-report-dialog-en-390.png', fullPage: true });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByTestId('no-session-report-state')).toHaveAttribute('data-decision', 'waiting');
    await expect(page.getByText('You reported that the session did not take place')).toBeVisible();

    // The operator reads both parties' presence and decides, with a note.
    const operator = await signedInPage(browser, baseURL, ADMIN, '/admin/no-session-reports/');
    const row = operator.getByTestId(`no-session-report-${bookingId}`);
    await expect(row).toContainText("Chidi O'Neill-Eze with Hannah Fischer");
    await expect(row).toContainText('Waiting for a decision');
    await row.getByRole('button', { name: 'Review' }).click();
    const review = operator.getByRole('dialog', { name: "Report: Chidi O'Neill-Eze with Hannah Fischer" });
    await expect(review.getByTestId('no-session-together')).toHaveText('Together inside the booked time: 60 minutes');
    await review.getByLabel(/Your note/).fill('Checked with both; the therapist confirmed she was not there.');
    await operator.screenshot({ path: 'test-results/no-session-report-admin-en-1280.png', fullPage: true });
    await review.getByRole('button', { name: 'It did not take place: refund ₦15,000.00' }).click();
    await expect(operator.getByText("₦15,000.00 went back to the client's wallet.")).toBeVisible();
    await expect(row).toContainText('Refunded to the client');
    await operator.context().close();

    // The client's wallet shows the refund, and the appointment the decision.
    expect(await walletBalance(request, clientToken)).toBe(FEE);
    await page.reload();
    await expect(page.getByTestId('no-session-report-state')).toHaveAttribute('data-decision', 'did_not_take_place');
    await expect(page.getByText('The session did not take place: ₦15,000.00 went back to your wallet.')).toBeVisible();
    await page.goto('/wallet/');
    await expect(page.getByText('₦15,000.00').first()).toBeVisible();
  });

  test('a session where both left before the start ends as a no-show, not completed', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const client = await newClient(request);
    // The room opens 10 minutes before the start: both come early and leave before it starts.
    const bookingId = await devSession(request, {
      clientEmail: client.email,
      providerEmail: THERAPIST.email,
      startsInMinutes: 8,
      durationMinutes: 15,
    });
    await signIn(page, client, `/session/${bookingId}/`);
    await page.getByTestId('join-room').click();
    const therapist = await signedInPage(browser, baseURL, THERAPIST, `/session/${bookingId}/`);
    await therapist.getByTestId('join-room').click();
    await expect(page.getByTestId('room-stage')).toHaveAttribute('data-phase', 'connected', { timeout: 30_000 });
    await page.getByTestId('leave-room').click();
    await therapist.getByTestId('leave-room').click();
    await expect(page.getByTestId('room-notice')).toHaveText('You left the session.');
    await therapist.context().close();

    // The room closes (settled now, as if the session and its grace period were over).
    await closeRoom(request, bookingId);
    const outcome = await request.get(`/api/booking/${bookingId}/outcome`, {
      headers: { Authorization: `Bearer ${await tokenOf(request, client)}` },
    });
    const answer = (await outcome.json()) as { outcome: string; attendance: { party: string }[] };
    expect(answer.attendance.map((stay) => stay.party).sort()).toEqual(['client', 'provider']);
    expect(answer.outcome).toBe('provider_no_show');

    await page.goto(`/appointments/${bookingId}/`);
    await expect(page.getByTestId('session-outcome')).toHaveAttribute('data-outcome', 'provider_no_show');
    await expect(page.getByRole('heading', { name: 'What happened: Therapist did not attend' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Report: the session did not take place' })).toHaveCount(0);
  });
});
