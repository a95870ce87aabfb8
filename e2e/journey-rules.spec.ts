import type { APIRequestContext } from '@playwright/test';
import { dismissConsent, topUp, walletBalance } from './demo';
import { expect, test } from './fixtures';
import { type Account, countryIdentifier, outbox, signUpVerified, submitSignIn, tokenOf } from './helpers';

/** A demo therapist no other journey books, so the sessions made here never collide. */
const DECLINING_PROVIDER = { email: 'bola.ajayi@demo.test', password: 'demo-pass-123' };
const PASSWORD = 'calm-river-42';
const FEE = 1_500_000;

async function newClient(request: APIRequestContext, language: 'en' | 'de'): Promise<Account> {
  const email = `decline.${language}.${Date.now()}.${Math.floor(Math.random() * 1000)}@example.com`;
  await signUpVerified(request, {
    userType: 'client',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Kemi',
    lastName: 'Bello',
    phoneNumber: '+2348012345678',
    countryIdentifier: await countryIdentifier(request, 'NG'),
    agreeToTerms: true,
  });
  return { email, password: PASSWORD };
}

/** A paid, confirmed session the client booked, `days` ahead (the dev tool pays it from the wallet). */
async function paidSession(request: APIRequestContext, client: Account, days: number) {
  await topUp(request, await tokenOf(request, client), FEE);
  const answer = await request.post('/api/dev/session-room', {
    data: {
      clientEmail: client.email,
      providerEmail: DECLINING_PROVIDER.email,
      startsInMinutes: days * 24 * 60 + Math.floor(Math.random() * 600),
      price: { amountMinor: FEE, currencyCode: 'NGN' },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { bookingIdentifier: string }).bookingIdentifier;
}

test.describe('journey rules', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a provider declines a paid session: asked first, with a reason the client receives, the fee refunded', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const client = await newClient(request, 'en');
    const bookingId = await paidSession(request, client, 5);
    const clientToken = await tokenOf(request, client);
    expect(await walletBalance(request, clientToken)).toBe(0);

    const path = `/appointments/${bookingId}/`;
    await page.goto(`/login/?redirect=${encodeURIComponent(path)}`);
    await dismissConsent(page);
    await submitSignIn(page, DECLINING_PROVIDER);
    await page.waitForURL((url) => url.pathname === path);
    await page.waitForLoadState('networkidle');

    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline this session?' });
    await expect(dialog.getByTestId('decline-money')).toHaveText(
      'Kemi Bello paid ₦15,000.00. It goes back to their wallet in full, at once.',
    );
    await expect(dialog.getByText(/Declining is final/)).toBeVisible();
    await page.screenshot({ path: 'test-results/journey-rules-decline-en-390.png', fullPage: true });

    // Without a reason, nothing happens.
    await dialog.getByRole('button', { name: 'Decline the session' }).click();
    await expect(dialog.getByText('Please tell the client why you decline the session')).toBeVisible();
    expect(await walletBalance(request, clientToken)).toBe(0);

    // Keeping it changes nothing either.
    await dialog.getByRole('button', { name: 'Keep the session' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Decline', exact: true }).click();

    await dialog.getByLabel(/Reason \(sent to Kemi Bello\)/).fill('I am away at a conference that week.');
    await dialog.getByRole('button', { name: 'Decline the session' }).click();
    await expect(dialog.getByText('The session has been declined.')).toBeVisible();
    await expect(dialog.getByText("₦15,000.00 has been refunded to Kemi Bello's wallet.")).toBeVisible();
    await page.screenshot({ path: 'test-results/journey-rules-declined-en-390.png', fullPage: true });
    await dialog.getByTestId('booking-success').getByRole('button', { name: 'Close' }).click();

    expect(await walletBalance(request, clientToken)).toBe(FEE);
    await expect
      .poll(
        async () =>
          (await outbox(request, client.email)).find((mail) => mail.subject === 'Your session was declined')?.text ??
          '',
      )
      .toContain('Reason: I am away at a conference that week.');
  });

  test('in German, the provider is told what happens to the money before declining', async ({ page, request }) => {
    test.setTimeout(120_000);
    const client = await newClient(request, 'de');
    const bookingId = await paidSession(request, client, 6);
    const path = `/de/appointments/${bookingId}/`;
    await page.goto(`/login/?redirect=${encodeURIComponent(path)}`);
    await dismissConsent(page);
    await submitSignIn(page, DECLINING_PROVIDER);
    await page.waitForURL((url) => url.pathname === path);
    await page.waitForLoadState('networkidle');

    await page.getByRole('button', { name: 'Ablehnen', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Diese Sitzung ablehnen?' });
    await expect(dialog.getByTestId('decline-money')).toContainText('Kemi Bello hat');
    await expect(dialog.getByTestId('decline-money')).toContainText('vollständig auf das Wallet zurück');
    await dialog.getByRole('button', { name: 'Sitzung ablehnen' }).click();
    await expect(
      dialog.getByText('Bitte sag der Klientin oder dem Klienten, warum du die Sitzung ablehnst'),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/journey-rules-decline-de-390.png', fullPage: true });
    await dialog.getByLabel(/Grund \(geht an Kemi Bello\)/).fill('Ich bin in dieser Woche verreist.');
    await dialog.getByRole('button', { name: 'Sitzung ablehnen' }).click();
    await expect(dialog.getByText('Die Sitzung wurde abgelehnt.')).toBeVisible();
    await dialog.getByTestId('booking-success').getByRole('button', { name: 'Schließen' }).click();
  });
});
