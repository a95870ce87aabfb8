import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpVerified } from './helpers';

/** At the local OpenID provider standing in for Google (scripts/e2e-server.mjs): who the person is there. */
async function signInAtGoogle(
  page: Page,
  account: { email: string; givenName?: string; familyName?: string; verified?: boolean },
) {
  await expect(page.getByRole('heading', { name: 'Local OpenID provider' })).toBeVisible();
  await page.getByLabel('Google email').fill(account.email);
  if (account.givenName) await page.getByLabel('First name').fill(account.givenName);
  if (account.familyName) await page.getByLabel('Last name').fill(account.familyName);
  if (account.verified === false) await page.getByLabel('Google has verified this email').uncheck();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('sign in with Google', () => {
  test('a client signs up with Google, lands signed in, has no password to type, and deletes the account without one', async ({
    page,
    visit,
  }) => {
    const email = `chidi.${Date.now()}@gmail.example`;

    await visit('/signup/');
    await expect(page.getByText('By continuing with Google you agree to our terms and conditions.')).toBeVisible();
    await page.screenshot({ path: 'test-results/google-signup.png', fullPage: true });
    await page.getByRole('link', { name: 'Continue with Google' }).click();

    await signInAtGoogle(page, { email, givenName: 'Chidi', familyName: 'Okeke' });
    await page.waitForURL('**/overview/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('header-signed-in')).toBeVisible();
    await expect(page.getByText('Welcome! Your account is ready.')).toBeVisible();
    await page.screenshot({ path: 'test-results/google-overview.png', fullPage: true });

    // Our own session: it survives a reload through the refresh cookie like a password sign-in.
    await page.evaluate(() => window.sessionStorage.clear());
    await visit('/security/');
    await expect(page.getByTestId('current-email')).toContainText(email);
    await expect(page.getByTestId('social-password-note')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete account' }).click();
    const deletion = page.getByRole('dialog', { name: 'Delete account' });
    await expect(deletion.getByText('You signed up with a social account, so no password is needed.')).toBeVisible();
    await expect(deletion.getByLabel('Password', { exact: true })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/google-delete.png' });
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Account Deleted Successfully')).toBeVisible();
    await page
      .getByRole('dialog', { name: 'Your account has been deleted' })
      .getByRole('button', { name: 'Done' })
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByTestId('header-signed-out')).toBeVisible();
  });

  test('an existing account links Google only after its password, then Google signs straight in (German)', async ({
    page,
    visit,
    request,
  }) => {
    const email = `amaka.${Date.now()}@example.com`;
    const password = 'green-hill-58';
    await signUpVerified(request, {
      userType: 'client',
      email,
      password,
      confirmPassword: password,
      firstName: 'Amaka',
      lastName: 'Nwosu',
      phoneNumber: '+2348012345678',
      agreeToTerms: true,
    });

    await visit('/de/login/?redirect=%2Fde%2Fsecurity%2F');
    await page.getByRole('link', { name: 'Weiter mit Google' }).click();
    await signInAtGoogle(page, { email });

    await page.waitForURL('**/de/login/google/?link=1**');
    await expect(page.getByRole('heading', { name: 'Verknüpfe dein Google-Konto' })).toBeVisible();
    await expect(page.getByText(`Es gibt bereits ein Konto mit ${email}.`)).toBeVisible();
    await page.getByLabel('Passwort deines Kontos').fill('not-my-password-1');
    await page.getByRole('button', { name: 'Bestätigen und anmelden' }).click();
    await expect(page.getByText('Das Passwort ist nicht korrekt')).toBeVisible();
    await page.screenshot({ path: 'test-results/google-link.png', fullPage: true });

    await page.getByLabel('Passwort deines Kontos').fill(password);
    await page.getByRole('button', { name: 'Bestätigen und anmelden' }).click();
    await page.waitForURL('**/de/security/');
    await expect(page.getByTestId('current-email')).toContainText(email);

    // Signed out, Google now signs straight into the same account (the provider still knows the
    // person, as Google does, so no sign-in page there this time).
    await page.getByTestId('header-sign-out').click();
    await page.waitForURL('**/login/');
    await page.getByRole('link', { name: 'Weiter mit Google' }).click();
    await page.waitForURL('**/de/overview/');
    await expect(page.getByTestId('header-signed-in')).toBeVisible();
  });

  test('an address Google has not verified is refused, with a way back', async ({ page, visit }) => {
    await visit('/login/');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await signInAtGoogle(page, { email: `unverified.${Date.now()}@example.com`, verified: false });
    await page.waitForURL('**/login/google/?error=GOOGLE_EMAIL_UNVERIFIED');
    await expect(page.getByRole('alert')).toContainText('Google has not verified the email address');
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
    await page.screenshot({ path: 'test-results/google-unverified.png', fullPage: true });
  });
});
