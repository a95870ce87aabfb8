import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import ICAL from 'ical.js';
import { CLIENT, dismissConsent, PROVIDER } from './demo';
import { expect, test } from './fixtures';
import { moneyText as money, signIn, tokenOf } from './helpers';

const ADMIN = { email: 'admin@demo.test', password: 'demo-pass-123' };
type Account = { email: string; password: string };

/** GET /api/overview as the account: the figures the page must show. */
async function overviewOf(request: APIRequestContext, account: Account) {
  const token = await tokenOf(request, account);
  const answer = await request.get('/api/overview', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  // biome-ignore lint/suspicious/noExplicitAny: the answer's shape is checked by the API tests; here it is compared with the page.
  return (await answer.json()) as any;
}

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `test-results/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('overview', () => {
  test("a client's overview shows the figures the API holds and its links land where they say", async ({
    page,
    visit,
    request,
  }) => {
    const api = await overviewOf(request, CLIENT);
    expect(api.role).toBe('client');
    await signIn(page, CLIENT, '/overview/');
    await dismissConsent(page);
    await visit('/overview/');
    await expect(page.getByTestId('overview-greeting')).toHaveText(`Welcome back, ${api.firstName}`);
    await expect(page.getByTestId('overview-wallet-value')).toHaveText(money(api.wallet.balance, api.wallet.currency));
    await expect(page.getByTestId('unread-messages-value')).toHaveText(String(api.unreadMessages));
    await expect(page.getByTestId('unread-notifications-value')).toHaveText(String(api.unreadNotifications));
    expect(api.nextSession).not.toBeNull();
    await expect(page.getByTestId('next-session-provider')).toHaveText(api.nextSession.provider.name);
    await expect(page.getByTestId('recommended').getByRole('listitem').first()).toBeVisible();
    await screenshots(page, 'overview-client-en');

    await page.getByTestId('next-session-details').click();
    await page.waitForURL(`**/appointments/${api.nextSession.identifier}/`);
    await page.goBack();
    await page.waitForURL('**/overview/');
    await page.getByTestId('next-session-reschedule').click();
    await page.waitForURL(`**/appointments/${api.nextSession.identifier}/?reschedule=1`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goBack();
    await page.getByTestId('overview-wallet').click();
    await page.waitForURL('**/wallet/');

    await visit('/de/overview/');
    await expect(page.getByTestId('overview-greeting')).toHaveText(`Willkommen zurück, ${api.firstName}`);
    await expect(page.getByRole('heading', { name: 'Deine nächste Sitzung' })).toBeVisible();
    await screenshots(page, 'overview-client-de');
  });

  test('the overview is rendered on the server at first load, in a new tab too, and for no one after signing out', async ({
    page,
    request,
  }) => {
    const api = await overviewOf(request, CLIENT);
    await signIn(page, CLIENT, '/overview/');
    // A new tab shares the cookies but not the tab's session: the server renders from the page credential.
    const tab = await page.context().newPage();
    const overviewCalls: string[] = [];
    tab.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/overview') overviewCalls.push(sent.url());
    });
    for (const [path, greeting] of [
      ['/overview/', `Welcome back, ${api.firstName}`],
      ['/de/overview/', `Willkommen zurück, ${api.firstName}`],
    ] as const) {
      const response = await tab.goto(path);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      const html = (await response?.text()) ?? '';
      expect(html).toContain(greeting);
      expect(html).toContain(api.nextSession.provider.name);
      expect(html).toContain('data-testid="overview-wallet-value"');
      await tab.waitForLoadState('networkidle');
      await expect(tab.getByTestId('overview-greeting')).toHaveText(greeting);
      const language = path.startsWith('/de/') ? 'de' : 'en';
      await expect(tab.getByTestId('overview-wallet-value')).toHaveText(
        money(api.wallet.balance, api.wallet.currency, language),
      );
    }
    expect(overviewCalls).toEqual([]);
    // The tab's calls carry the token it renewed (no refused call before it).
    await tab.locator('nav a[href="/de/wallet/"]').first().click();
    await tab.waitForURL('**/de/wallet/');
    await tab.goBack();
    await expect(tab.getByTestId('overview-greeting')).toHaveText(`Willkommen zurück, ${api.firstName}`);

    await tab.getByRole('button', { name: 'Abmelden' }).first().click();
    await tab.waitForURL('**/de/login/**');
    const after = await tab.goto('/overview/');
    expect(await after?.text()).not.toContain('overview-greeting');
    await tab.waitForURL('**/login/?redirect=%2Foverview%2F');
    await tab.close();
  });

  test("a provider's overview shows their standing, sessions and earnings as the API holds them", async ({
    page,
    visit,
    request,
  }) => {
    const api = await overviewOf(request, PROVIDER);
    expect(api.role).toBe('provider');
    await signIn(page, PROVIDER, '/overview/');
    await dismissConsent(page);
    await visit('/overview/');
    await expect(page.getByTestId('standing-status')).toHaveAttribute('data-standing', api.standing);
    await expect(page.getByTestId('month-earnings-value')).toHaveText(
      money(api.earnings.thisMonth, api.earnings.currency),
    );
    await expect(page.getByTestId('available-balance-value')).toHaveText(
      money(api.earnings.available, api.earnings.currency),
    );
    if (api.upcoming.length > 0) {
      await expect(page.getByTestId('upcoming-list').getByRole('listitem')).toHaveCount(api.upcoming.length);
      await expect(page.getByTestId('upcoming-list')).toContainText(api.upcoming[0].client.name);
    }
    await expect(page.getByTestId('today-list').getByRole('listitem')).toHaveCount(api.today.length);
    await screenshots(page, 'overview-provider-en');
    await page.getByTestId('month-earnings').click();
    await page.waitForURL('**/earnings/');

    await visit('/de/overview/');
    await expect(page.getByRole('heading', { name: 'Heutige Sitzungen' })).toBeVisible();
    await screenshots(page, 'overview-provider-de');
  });

  test("the operator's overview counts the back office's queues and links into them", async ({
    page,
    visit,
    request,
  }) => {
    const api = await overviewOf(request, ADMIN);
    expect(api.role).toBe('admin');
    await signIn(page, ADMIN, '/overview/');
    await dismissConsent(page);
    await visit('/overview/');
    for (const [count, value] of Object.entries(api.counts)) {
      await expect(page.getByTestId(`count-${count}-value`)).toHaveText(String(value));
    }
    await screenshots(page, 'overview-admin-en');
    await page.getByTestId('count-providersAwaitingReview').click();
    await page.waitForURL(/\/admin\/$/);
    await page.goBack();
    await expect(page.getByTestId('count-reportedReviews')).toHaveAttribute('href', '/admin/reviews/');
    await expect(page.getByTestId('count-contactMessages')).toHaveAttribute('href', '/admin/contact/');
    await page.getByTestId('count-unreconciledPayments').click();
    await page.waitForURL(/\/admin\/operations\/$/);

    await visit('/de/overview/');
    await expect(page.getByTestId('count-reportedReviews')).toHaveAttribute('href', '/de/admin/reviews/');
    await expect(page.getByRole('heading', { name: 'Was Aufmerksamkeit braucht' })).toBeVisible();
  });

  test('a state card on the home page opens the directory filtered by it, server-rendered, and back returns', async ({
    page,
    visit,
    request,
  }) => {
    await visit('/');
    await dismissConsent(page);
    const card = page.getByTestId('top-states').getByRole('link').first();
    const state = (await card.locator('span').first().textContent()) as string;
    await card.click();
    await page.waitForURL(/\/providers\/\?country=NG&state=NG-/);
    const url = new URL(page.url());
    await expect(page.getByTestId('search-count')).toBeVisible();
    const first = (await page.getByTestId('provider-card').first().getByRole('heading').textContent()) as string;
    // The results are in the server's HTML of that address.
    const html = await (await request.get(url.pathname + url.search)).text();
    expect(html).toContain(first.replace('Dr ', ''));
    await page.goBack();
    await page.waitForURL((current) => current.pathname === '/');
    await expect(page.getByTestId('top-states')).toContainText(state);

    // A category and the search field lead to the same directory.
    await page.getByRole('link', { name: 'Couples Therapy' }).first().click();
    await page.waitForURL(/\/providers\/\?therapy=couples-therapy/);
    await expect(page.getByTestId('search-count')).toBeVisible();
    await visit('/de/');
    await page.getByLabel('Wonach suchst du?').fill('family');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await page.waitForURL(/\/de\/providers\/\?q=family/);
    await expect(page.getByTestId('search-count')).toBeVisible();
    await visit('/');
    await screenshots(page, 'home');
  });

  test("the confirmation's calendar file parses and starts when the booking does; it says what happens next", async ({
    page,
    visit,
    request,
  }) => {
    const api = await overviewOf(request, CLIENT);
    const booking = api.nextSession;
    await signIn(page, CLIENT, `/appointment/confirmation/${booking.identifier}/`);
    await dismissConsent(page);
    await visit(`/appointment/confirmation/${booking.identifier}/`);
    await expect(page.getByTestId('what-happens-next')).toContainText('24 hours and 1 hour before');
    await expect(page.getByTestId('what-happens-next')).toContainText('opens 10 minutes before the start');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('add-to-calendar').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('session.ics');
    const ics = await readFile((await download.path()) as string, 'utf8');
    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent');
    expect(event).not.toBeNull();
    const start = event?.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(start.toJSDate().toISOString()).toBe(new Date(booking.startAt).toISOString());
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    await screenshots(page, 'confirmation-en');

    await visit(`/de/appointment/confirmation/${booking.identifier}/`);
    await expect(page.getByRole('heading', { name: 'Wie es weitergeht' })).toBeVisible();
    await expect(page.getByTestId('add-to-calendar')).toHaveText('Zum Kalender hinzufügen');
    await screenshots(page, 'confirmation-de');
  });
});
