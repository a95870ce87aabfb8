import { CLIENT } from './demo';
import { expect, test } from './fixtures';
import { submitSignIn } from './helpers';

/**
 * A reload (or a lost connection) during a token renewal: the server has rotated the refresh
 * cookie and answered, but the browser never gets the answer and keeps the cookie before it. The
 * next renewal presents that cookie within the grace for a lost answer, so the person stays signed
 * in instead of reading as a stolen token.
 */
test('a renewal whose answer never arrived renews again on the next page: still signed in', async ({ page, visit }) => {
  await visit('/login/');
  await submitSignIn(page, CLIENT);
  await page.waitForURL('**/overview/');

  // Every page from here on starts without the tab's access token, so its first call renews.
  await page.addInitScript(() => window.sessionStorage.removeItem('session'));
  let lost = 0;
  const renewals: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/refresh')) renewals.push(response.status());
  });
  const context = page.context();
  const cookieBefore = (await context.cookies()).find((cookie) => cookie.name === 'rt');
  expect(cookieBefore).toBeTruthy();
  await page.route('**/api/auth/refresh', async (route) => {
    if (lost > 0) return route.continue();
    lost += 1;
    // The server renews (and rotates the cookie); the answer is dropped on its way to the tab,
    // which keeps the cookie it had (the fetch here shares the context's cookies: put it back).
    const answer = await route.fetch();
    expect(answer.status()).toBe(200);
    if (cookieBefore) await context.addCookies([cookieBefore]);
    await route.abort('connectionreset');
  });

  await page.goto('/security/');
  await expect.poll(() => lost).toBe(1);

  await page.goto('/security/');
  await expect(page.getByTestId('current-email')).toContainText(CLIENT.email);
  expect(renewals).toContain(200);
  expect(renewals).not.toContain(401);
  expect(page.url()).toContain('/security/');
});
