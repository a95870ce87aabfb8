import { expect, test } from './fixtures';

/**
 * A page rendered afresh (a URL no one asked for within the page cache's time: a filter, a search,
 * a crawler's visit) is rendered whole as one string, with React Router's data hand-off written
 * from data read beforehand, and its plain links written by the server without React Router's
 * resolving. This journey holds that document to what the browser needs: it hydrates without a
 * mismatch, its links navigate in place, its stars read out the rating, and without JavaScript
 * the filter form still narrows the list.
 */

/** The document of a URL no one asked for before: a parameter no page reads makes it new. */
const fresh = (path: string) => `${path}${path.includes('?') ? '&' : '?'}visit=${Date.now()}-${Math.random()}`;

for (const lang of ['en', 'de'] as const) {
  const prefix = lang === 'de' ? '/de' : '';

  test(`${lang}: a directory rendered afresh hydrates in place and its links navigate without a reload`, async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat|did not match/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const response = await page.goto(fresh(`${prefix}/providers/?modality=video-session`));
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html.startsWith('<!DOCTYPE html><html')).toBe(true);
    expect(html.match(/streamController\.enqueue\(/g)).toHaveLength(1);
    expect(html.match(/streamController\.close\(\)/g)).toHaveLength(1);
    await page.waitForLoadState('networkidle');

    const card = page.getByTestId('provider-card').first();
    await expect(card).toBeVisible();
    const name = (await card.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
    expect(name).not.toBe('');
    // A rating reads out once, as a whole (its stars are one decorative drawing).
    const rating = card.getByRole('img', { name: lang === 'de' ? /Mit .* von 5 bewertet/ : /Rated .* out of 5/ });
    if ((await rating.count()) > 0) await expect(card.locator('svg')).toHaveCount(1);

    // A mark on the window survives a navigation in place and is gone after a reload.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await card.getByRole('heading', { level: 2 }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(page.url()).toContain(`${prefix}/providers/`);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(problems).toEqual([]);
  });
}

test('without JavaScript, the filter form narrows the list and a rating reads out, from the server alone', async ({
  browser,
  baseURL,
}) => {
  // A context of its own: the shared page fixture runs scripts (its accessibility scan is one).
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(fresh('/providers/'));
  const all = await page.getByTestId('provider-card').count();
  expect(all).toBeGreaterThan(1);
  const rated = page.getByTestId('provider-card').getByRole('img', { name: /Rated .* out of 5/ });
  await expect(rated.first()).toBeVisible();

  // The languages list: open it as a visitor would, tick one, send the form.
  await page.locator('summary', { hasText: 'Language' }).click();
  await page.getByRole('checkbox', { name: 'Igbo' }).check();
  // Sent from the keyboard: the cookie notice, which needs JavaScript to close, may lie over the button.
  await page.getByRole('button', { name: 'Show therapists' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/language=ig/);
  await expect(page.getByRole('checkbox', { name: 'Igbo' })).toBeChecked();
  const narrowed = await page.getByTestId('provider-card').count();
  expect(narrowed).toBeGreaterThan(0);
  expect(narrowed).toBeLessThan(all);
  await context.close();
});
