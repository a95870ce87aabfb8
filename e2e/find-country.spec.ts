import type { APIRequestContext } from '@playwright/test';
import { paidSession, topUp } from './demo';
import { expect, expectAccessible, test } from './fixtures';
import { expectConsentButtonsUncovered, outbox, signIn, tokenOf } from './helpers';

/** A German therapist of the demo data (Berlin); no journey saves her payout details before this one. */
const DE_PROVIDER = { email: 'lena.schmidt@demo.test', password: 'demo-pass-123' };
const ADMIN = { email: 'admin@demo.test', password: 'demo-pass-123' };
const PASSWORD = 'calm-river-42';

async function setSupportFlag(request: APIRequestContext, enabled: boolean) {
  const token = await tokenOf(request, ADMIN);
  const answer = await request.put('/api/admin/flags/show_support_livechat', {
    headers: { Authorization: `Bearer ${token}` },
    data: { enabled, countries: [], rolloutPercent: 100 },
  });
  expect(answer.ok()).toBe(true);
}

test.describe('the right country for German visitors and providers', () => {
  test('a German visitor is offered Germany and German, signs up, and pays a German therapist in EUR', async ({
    browser,
    baseURL,
    request,
  }) => {
    const context = await browser.newContext({ baseURL, locale: 'de-DE', reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    const offer = page.getByTestId('locale-suggestion');
    await expect(offer).toContainText('Your browser suggests Germany and Deutsch');
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/find-country-offer-en.png' });
    await offer.getByRole('button', { name: 'Yes, Germany · Deutsch' }).click();
    await page.waitForURL((url) => url.pathname === '/de/');
    await expect(page.getByTestId('locale-suggestion')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Land und Sprache: Deutschland/ }).first()).toBeVisible();
    // Answered once: the next page asks no more.
    await page.goto('/de/signup/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('locale-suggestion')).toHaveCount(0);

    const email = `berlin.${Date.now()}@example.com`;
    await expect(page.getByRole('combobox', { name: 'Land' })).toHaveValue('Deutschland');
    await expect(page.getByText('Die Währung deines Guthabens richtet sich nach deinem Land.')).toBeVisible();
    await page.getByLabel('Vorname').fill('Jürgen');
    await page.getByLabel('Nachname').fill('Müller');
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Telefonnummer').fill('+4930123456789');
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Passwort bestätigen').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.screenshot({ path: 'test-results/find-country-signup-de.png', fullPage: true });
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    let token = '';
    await expect
      .poll(async () => {
        const emails = await outbox(request, email);
        token = emails.map((item) => /[?&]token=([\w-]+)/.exec(item.text)?.[1]).find(Boolean) ?? '';
        return token;
      })
      .not.toBe('');
    expect((await request.post('/api/user/register/verify', { data: { token } })).ok()).toBe(true);

    // The wallet is in euros; a top-up and a session with a Berlin therapist are paid in EUR.
    const client = { email, password: PASSWORD };
    const bearer = await tokenOf(request, client);
    const headers = { Authorization: `Bearer ${bearer}` };
    expect(await (await request.get('/api/wallet/balance', { headers })).json()).toEqual({
      balance: 0,
      currency: 'EUR',
      others: [],
    });
    await topUp(request, bearer, 50_000);
    const bookingId = await paidSession(request, client, DE_PROVIDER);
    const booking = await (await request.get(`/api/booking/${bookingId}`, { headers })).json();
    expect(booking.status).toBe('confirmed');
    const balance = await (await request.get('/api/wallet/balance', { headers })).json();
    expect(balance.currency).toBe('EUR');
    expect(balance.balance).toBeLessThan(50_000);

    await signIn(page, client, '/de/wallet/');
    await expect(page.getByTestId('wallet-balance')).toContainText('€');
    await page.screenshot({ path: 'test-results/find-country-wallet-de.png', fullPage: true });
    await context.close();
  });

  test('a German provider saves an IBAN, in German, after a typo is caught', async ({ page, visit }) => {
    await signIn(page, DE_PROVIDER, '/de/earnings/');
    await visit('/de/earnings/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einnahmen');
    await expect(page.getByLabel('Bankleitzahl')).toHaveCount(0);
    await expect(page.getByLabel('Kontonummer')).toHaveCount(0);
    await page.getByLabel('Kontoinhaber').fill('Lena Schmidt-Özdemir');
    await page.getByLabel('Name der Bank').fill('Commerzbank');
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
    await page.getByRole('button', { name: 'Bankkonto speichern' }).click();
    await expect(page.getByText('Gib eine gültige IBAN ein, zum Beispiel DE89 3704 0044 0532 0130 00')).toBeVisible();
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel('BIC (optional)').fill('COBADEFFXXX');
    await page.getByRole('button', { name: 'Bankkonto speichern' }).click();
    await expect(page.getByText('Bankkonto gespeichert')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('IBAN')).toHaveValue('DE89370400440532013000');
    await expect(page.getByLabel('BIC (optional)')).toHaveValue('COBADEFFXXX');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/find-country-iban-de-390.png', fullPage: true });
  });

  test('the support launcher never covers the consent buttons (390 px and desktop)', async ({ page, request }) => {
    await setSupportFlag(request, true);
    try {
      for (const [width, height] of [
        [390, 844],
        [1280, 800],
      ] as const) {
        for (const path of ['/', '/de/']) {
          await page.setViewportSize({ width, height });
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          await expect(page.getByTestId('support-launcher')).toBeVisible();
          await expectConsentButtonsUncovered(page);
          await page.screenshot({
            path: `test-results/find-country-consent-${width}${path === '/' ? '-en' : '-de'}.png`,
          });
        }
      }
      // Once answered, the launcher returns to the corner.
      await page.getByTestId('consent-banner').getByRole('button').last().click();
      await expect(page.getByTestId('consent-banner')).toHaveCount(0);
      const launcher = await page.getByTestId('support-launcher').boundingBox();
      expect((launcher?.y ?? 0) + (launcher?.height ?? 0)).toBeGreaterThan(800 - 40);
    } finally {
      await setSupportFlag(request, false);
    }
  });
});
