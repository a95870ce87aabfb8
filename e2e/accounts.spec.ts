import type { APIRequestContext } from '@playwright/test';
import { CLIENT } from './demo';
import { expect, test } from './fixtures';
import { type OutboxEmail, outbox, submitSignIn } from './helpers';

/** The newest email to an address that contains `needle` (the dev outbox answers newest first). */
async function newestEmail(request: APIRequestContext, to: string, needle: string): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(async () => {
      found = (await outbox(request, to)).find((email) => email.text.includes(needle));
      return found !== undefined;
    })
    .toBe(true);
  return found as OutboxEmail;
}

/** The path and query of the first link to `page` in an email (the outbox links use PUBLIC_URL). */
function linkPath(email: OutboxEmail, page: string): string {
  const match = email.text.match(new RegExp(`https?://[^\\s"<>]*${page}\\?token=[^\\s"<>]+`));
  if (!match) throw new Error(`no ${page} link in: ${email.text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

test.describe('accounts and sessions', () => {
  test('a client signs up, confirms the email, signs in, changes password and email, signs out and back in, deletes the account', async ({
    page,
    visit,
    request,
  }) => {
    const stamp = Date.now();
    const email = `ada.${stamp}@example.com`;
    const newEmail = `ada.new.${stamp}@example.com`.slice(0, 32);
    const password = 'calm-river-42';
    const newPassword = 'quiet-lake-77';

    await visit('/signup/');
    await expect(page).toHaveTitle(/Create your account/);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Obi');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number').fill('+2348012345678');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill('something-else-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await expect(page.getByText('You must agree to the terms and conditions')).toBeVisible();
    await page.screenshot({ path: 'test-results/accounts-signup-errors.png', fullPage: true });

    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByTestId('check-email')).toContainText(email);
    await page.screenshot({ path: 'test-results/accounts-check-email.png', fullPage: true });

    // A client may verify later: "Do later" signs in at once, and a banner says what waits for the link.
    await page.getByRole('button', { name: 'Do later' }).click();
    await page.waitForURL('**/overview/');
    const banner = page.getByTestId('verify-email-banner');
    await expect(banner).toContainText(email);
    await expect(banner).toContainText('top-ups are limited to 5000 NGN in all');
    await banner.getByRole('button', { name: 'Send the link again' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'we have sent a new link' })).toBeVisible();
    await page.screenshot({ path: 'test-results/accounts-verify-later.png', fullPage: true });
    await page.getByTestId('header-sign-out').click();
    await page.waitForURL((url) => !url.pathname.includes('/overview'));

    const verification = await newestEmail(request, email, '/verify-email/');
    await visit(linkPath(verification, '/verify-email/'));
    await expect(page.getByText('Your email address is confirmed. You can sign in now.')).toBeVisible();
    await page.screenshot({ path: 'test-results/accounts-verified.png', fullPage: true });
    await page.getByRole('link', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL('**/login/');

    await submitSignIn(page, { email, password });
    await page.waitForURL('**/overview/');
    await expect(page.getByTestId('header-signed-in')).toBeVisible();

    await visit('/security/');
    await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    await expect(page.getByTestId('current-email')).toContainText(email);
    await page.screenshot({ path: 'test-results/accounts-security.png', fullPage: true });

    // Change password: a wrong current password is shown on its field.
    await page.getByLabel('Current password').fill('not-my-password-1');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The password is incorrect')).toBeVisible();
    await page.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');

    // Change email: step 1 the new address twice, step 2 the 6-digit code.
    await page.getByRole('button', { name: 'Change email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update email' });
    await dialog.getByLabel('New email', { exact: true }).fill(newEmail);
    await dialog.getByLabel('Confirm new email').fill(`x${newEmail}`.slice(0, 32));
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByText('Email must match')).toBeVisible();
    await dialog.getByLabel('Confirm new email').fill(newEmail);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('Input Your OTP Sent Via Email')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Do later' })).toBeVisible();
    const codeEmail = await newestEmail(request, newEmail, '');
    const code = codeEmail.text.match(/\b\d{6}\b/)?.[0] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.screenshot({ path: 'test-results/accounts-email-code.png' });
    await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(code);
    await expect(dialog.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveValue(code.slice(5));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Email Changed Successful')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('current-email')).toContainText(newEmail);

    // Sign out from the header, then in again with the new email and password.
    await page.getByTestId('header-sign-out').click();
    await page.waitForURL('**/login/');
    await expect(page.getByTestId('header-signed-out')).toBeVisible();
    await submitSignIn(page, { email, password: newPassword });
    await expect(page.getByText('Email or password is incorrect')).toBeVisible();
    await submitSignIn(page, { email: newEmail, password: newPassword });
    await page.waitForURL('**/overview/');

    // Delete the account: password required, then signed out to the home page.
    await visit('/security/');
    // A copy of everything we keep, prepared in the background, downloaded through a short-lived link.
    await page.getByRole('button', { name: 'Prepare my data' }).click();
    const download = page.getByRole('link', { name: 'Download my data' });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: 'test-results/accounts-data-export.png', fullPage: true });
    const archive = await (await request.get((await download.getAttribute('href')) ?? '')).json();
    expect(archive.format).toBe('therapyhub-personal-data/1');
    expect(archive.sections.profile.person.email).toBe(newEmail);
    // Every module's part is there, the newer ones too (a client gets no clinical notes, only their count).
    expect(Object.keys(archive.sections)).toEqual(
      expect.arrayContaining(['clients', 'notes', 'reviews', 'sessionRoom', 'notifications', 'support']),
    );
    expect(archive.sections.notes).toMatchObject({ notesAboutYou: 0 });
    expect(archive.sections.reviews).toMatchObject({ written: [] });

    await page.getByRole('button', { name: 'Delete account' }).click();
    const deletion = page.getByRole('dialog', { name: 'Delete account' });
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    await expect(deletion.getByText('This field is required')).toBeVisible();
    await deletion.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.screenshot({ path: 'test-results/accounts-delete.png' });
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Account Deleted Successfully')).toBeVisible();
    // What the law made us keep, and why.
    const deleted = page.getByRole('dialog', { name: 'Your account has been deleted' });
    await expect(deleted.getByText('A record that you deleted your account')).toBeVisible();
    await page.screenshot({ path: 'test-results/accounts-deleted.png' });
    await deleted.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByTestId('header-signed-out')).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.getItem('session'))).toBeNull();
  });

  test('a provider signs up with email confirmation and a country', async ({ page, visit, request }) => {
    const email = `provider.${Date.now()}@example.com`;
    await visit('/signup/provider/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join as a therapist');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Confirm email').fill(`other.${email}`);
    await page.getByLabel('Password', { exact: true }).fill('calm-river-42');
    const country = page.getByRole('combobox', { name: 'Country' });
    await country.click();
    await country.fill('Nig');
    await page.getByRole('option', { name: 'Nigeria' }).click();
    await page.getByRole('button', { name: 'Create provider account' }).click();
    await expect(page.getByText('Emails must match')).toBeVisible();
    await page.screenshot({ path: 'test-results/accounts-provider-signup.png', fullPage: true });

    await page.getByLabel('Confirm email').fill(email.toUpperCase());
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.getByRole('button', { name: 'Create provider account' }).click();
    await expect(page.getByTestId('check-email')).toContainText(email);
    await expect(page.getByRole('button', { name: 'Do later' })).toHaveCount(0); // providers confirm first

    // Signing in before confirming explains why and offers a new link.
    await visit('/login/');
    await submitSignIn(page, { email, password: 'calm-river-42' });
    await expect(page.getByText('Please confirm your email address before signing in.')).toBeVisible();
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'we have sent a new link' })).toBeVisible();
    await page.screenshot({ path: 'test-results/accounts-login-unverified.png', fullPage: true });

    // A wrong or used link says so and offers a new one.
    await visit('/verify-email/?token=not-a-real-token');
    await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();

    const verification = await newestEmail(request, email, '/verify-email/');
    expect(verification.template).toMatch(/verif/i);
    await visit(linkPath(verification, '/verify-email/'));
    await expect(page.getByText('Your email address is confirmed. You can sign in now.')).toBeVisible();
    await visit('/login/');
    await submitSignIn(page, { email, password: 'calm-river-42' });
    await page.waitForURL('**/overview/');
    await expect(
      page.getByRole('navigation', { name: 'Account navigation' }).getByRole('link', { name: 'Security' }),
    ).toBeVisible();
    // Providers erase their account here too (e2e/privacy.spec.ts goes through with it).
    await visit('/security/');
    await expect(page.getByRole('button', { name: 'Delete account' })).toHaveCount(1);
  });

  test('an expired access token is renewed silently with the refresh cookie', async ({ page, visit }) => {
    await visit('/login/');
    await submitSignIn(page, CLIENT);
    await page.waitForURL('**/overview/');

    // The token expires as the next page loads, before its scripts run: set on the open overview,
    // that page's own calls would renew it first and the count would be theirs, not the new page's.
    await page.addInitScript(() => {
      if (window.sessionStorage.getItem('expired-once')) return;
      window.sessionStorage.setItem('expired-once', '1');
      const session = JSON.parse(window.sessionStorage.getItem('session') ?? '{}');
      const expired = {
        ...session,
        accessToken: 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.expired',
        accessTokenExpiresAt: Date.now() - 60_000,
      };
      window.sessionStorage.setItem('session', JSON.stringify(expired));
    });
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshes.push(request.method());
    });

    await visit('/security/');
    await expect(page.getByTestId('current-email')).toContainText(CLIENT.email);
    expect(refreshes).toEqual(['POST']);
    const after = await page.evaluate(() => JSON.parse(window.sessionStorage.getItem('session') ?? '{}'));
    expect(after.accessToken).not.toContain('expired');
    expect(after.accessTokenExpiresAt).toBeGreaterThan(Date.now());
  });

  test('signing in returns to the page that asked for it', async ({ page, visit }) => {
    await page.goto('/security/');
    await page.waitForURL('**/login/?redirect=%2Fsecurity%2F');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await submitSignIn(page, CLIENT);
    await page.waitForURL((url) => url.pathname === '/security/');
    await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();

    // Other origins are never a destination.
    await page.getByTestId('header-sign-out').click();
    await page.waitForURL('**/login/');
    await visit('/login/?redirect=%2F%2Fevil.example%2F');
    await submitSignIn(page, CLIENT);
    await page.waitForURL((url) => url.pathname === '/overview/');
  });

  test('German: sign in, forgotten password and reset', async ({ page, visit, request }) => {
    await visit('/de/login/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByText('Dieses Feld ist erforderlich').first()).toBeVisible();
    await page.getByLabel('E-Mail').fill(CLIENT.email);
    await page.getByLabel('Passwort', { exact: true }).fill('falsches-passwort-1');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByText('E-Mail oder Passwort ist falsch')).toBeVisible();
    await page.screenshot({ path: 'test-results/accounts-login-de.png', fullPage: true });

    // Forgotten password, in German, for a fresh account.
    const email = `reset.${Date.now()}@example.com`;
    await request.post('/api/user/register', {
      headers: { 'X-Language': 'de', 'X-Country-Code': 'DE' },
      data: {
        userType: 'client',
        email,
        password: 'calm-river-42',
        confirmPassword: 'calm-river-42',
        firstName: 'Lena',
        lastName: 'Schmidt',
        phoneNumber: '+4915112345678',
        agreeToTerms: true,
      },
    });
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.waitForURL('**/de/forgot-password/');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
    await expect(page.getByText('haben wir einen Link zum Zurücksetzen des Passworts gesendet')).toBeVisible();

    const resetMail = await newestEmail(request, email, '/reset-password/');
    const resetPath = linkPath(resetMail, '/reset-password/');
    await visit(resetPath.startsWith('/de/') ? resetPath : `/de${resetPath}`);
    await page.getByLabel('Neues Passwort', { exact: true }).fill('neues-passwort-9');
    await page.getByLabel('Neues Passwort bestätigen').fill('anderes-passwort-9');
    await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
    await expect(page.getByText('Die Passwörter müssen übereinstimmen')).toBeVisible();
    await page.getByLabel('Neues Passwort bestätigen').fill('neues-passwort-9');
    await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
    await expect(page.getByText('Dein Passwort wurde zurückgesetzt.')).toBeVisible();
    await page.screenshot({ path: 'test-results/accounts-reset-de.png', fullPage: true });

    // The new password works; the signed-in security page in German, on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Anmelden', exact: true }).last().click();
    await page.waitForURL('**/de/login/');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill('neues-passwort-9');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL('**/de/overview/');
    await visit('/de/security/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sicherheit');
    await page.getByRole('button', { name: 'E-Mail ändern' }).click();
    await expect(page.getByRole('dialog', { name: 'E-Mail ändern' })).toBeVisible();
    await page.screenshot({ path: 'test-results/accounts-security-de-mobile.png', fullPage: true });
    await page.keyboard.press('Escape');
    await visit('/de/signup/');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await expect(page.getByText('Du musst den Nutzungsbedingungen zustimmen')).toBeVisible();
    await page.screenshot({ path: 'test-results/accounts-signup-de-mobile.png', fullPage: true });
  });
});
