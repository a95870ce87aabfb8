import { expect, test } from './fixtures';

test.describe('legal pages', () => {
  test('a German visitor finds the Impressum in the footer, the terms at sign-up and the cookie policy in the banner', async ({
    page,
    visit,
  }) => {
    await visit('/de/');
    // The banner names the cookie policy before anything is chosen; it opens beside the page.
    const banner = page.getByTestId('consent-banner');
    const cookieLink = banner.getByRole('link', { name: 'Cookie-Richtlinie' });
    await expect(cookieLink).toHaveAttribute('href', '/de/legal/cookies/');
    await expect(cookieLink).toHaveAttribute('target', '_blank');

    const footer = page.getByTestId('footer-legal');
    await expect(footer.getByRole('link')).toHaveText([
      'Nutzungsbedingungen',
      'Datenschutzerklärung',
      'Cookie-Richtlinie',
      'Impressum',
    ]);
    await footer.getByRole('link', { name: 'Impressum' }).click();
    await page.waitForURL((url) => url.pathname === '/de/legal/imprint/');
    await expect(page).toHaveTitle(/^Impressum · /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impressum');
    // The default text says plainly which fields the operator must fill in.
    await expect(page.getByTestId('legal-text')).toContainText('Vom Betreiber auszufüllen');
    await expect(page.getByTestId('legal-text')).toContainText('[BETREIBER: Firma und Rechtsform');
    await page.screenshot({ path: 'test-results/legal-imprint-de.png', fullPage: true });

    await visit('/de/legal/privacy/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutzerklärung');
    await expect(page.getByRole('heading', { level: 2, name: 'Deine Rechte' })).toBeVisible();

    await visit('/de/signup/');
    const terms = page.getByRole('link', { name: 'Nutzungsbedingungen' }).first();
    await expect(terms).toHaveAttribute('href', '/de/legal/terms/');
    await expect(page.getByRole('link', { name: 'Datenschutzerklärung' }).first()).toHaveAttribute(
      'href',
      '/de/legal/privacy/',
    );
    // Following the link keeps the half-filled form: the terms open in a tab of their own.
    await page.getByLabel('Vorname').fill('Jürgen');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), terms.click()]);
    await tab.waitForLoadState();
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Nutzungsbedingungen');
    await tab.close();
    await expect(page.getByLabel('Vorname')).toHaveValue('Jürgen');
  });

  test('the pages are public, server-rendered in English too, and an unknown one is 404', async ({ page, request }) => {
    const answer = await request.get('/legal/terms/');
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    expect(html).toContain('<h1');
    expect(html).toContain('Terms and conditions');
    expect(html).toContain('TherapyHub is a marketplace');
    expect((await request.get('/legal/secrets/')).status()).toBe(404);

    await page.goto('/legal/imprint/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imprint (Impressum)');
    await expect(page.getByTestId('legal-text')).toContainText('[OPERATOR: company name and legal form');
  });
});
