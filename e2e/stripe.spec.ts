import { dismissConsent, weekdayFrom } from './demo';
import { expect, expectAccessible, test } from './fixtures';
import { countryIdentifier, dateIn, dayMonthYear, showMonthOf, signIn, signUpVerified, tokenOf } from './helpers';

/**
 * The Stripe-shaped flow through the sandbox (scripts/e2e-server.mjs routes GBP to the Stripe
 * adapter and points it at the sandbox playing Stripe on the same server): the payment page
 * opens a Checkout Session through the SDK, the payer pays on the hosted page, the sandbox sends
 * a Stripe-signed webhook, the payer returns to the success URL and the page follows the payment.
 */
const PASSWORD = 'calm-river-42';
const THERAPIST = 'Dr Sarah Collins';
const ZONE = 'Europe/London';

test('a client in London pays a £60 session by card through the Stripe-shaped sandbox checkout', async ({
  page,
  visit,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `stripe.${Date.now()}@example.com`;
  await signUpVerified(request, {
    userType: 'client',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Harriet',
    lastName: 'Jones',
    phoneNumber: '+447700900123',
    countryIdentifier: await countryIdentifier(request, 'GB'),
    agreeToTerms: true,
  });
  const account = { email, password: PASSWORD };
  const today = dateIn(ZONE, new Date());
  const day = weekdayFrom(today, 5);

  await signIn(page, account, '/providers/');
  await dismissConsent(page);
  await visit('/providers/?country=GB');
  const card = page.getByTestId('provider-card').filter({ hasText: THERAPIST });
  await expect(card).toContainText('£60.00');
  await card.getByRole('link', { name: `Book a session with ${THERAPIST}` }).click();
  await page.waitForURL(/\/booking\/\?provider=/);
  await page.waitForLoadState('networkidle');
  await page.getByRole('radio', { name: 'Video Session' }).check();
  await page.getByRole('button', { name: 'Continue to choose a time' }).click();
  await page.waitForURL(/\/booking\/[0-9a-f-]{36}\/schedule\/$/);
  await page.waitForLoadState('networkidle');

  // The first free slot of a weekday five days ahead.
  await expect(page.getByRole('table')).toBeVisible();
  await showMonthOf(page, day, today);
  await page.getByRole('button', { name: new RegExp(`, ${dayMonthYear(day).source},`) }).click();
  const slot = page.getByRole('radio').first();
  await expect(async () => {
    await slot.check({ force: true });
    await expect(slot).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/payment\/[0-9a-f-]{36}\/$/);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: 'test-results/stripe-payment-en.png', fullPage: true });

  // The hosted checkout (the sandbox standing in for Stripe Checkout).
  await page.getByRole('button', { name: 'Pay £60.00 by card' }).click();
  await page.waitForURL(/\/sandbox\/stripe\/checkout\/cs_test_sbx_pay-[0-9a-f]{32}\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sandbox card checkout (Stripe-shaped)');
  await expect(page.getByText('£60.00')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/stripe-checkout-en.png', fullPage: true });
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back on the success URL; the signed webhook has confirmed the booking.
  await page.waitForURL(/\/payment\/[0-9a-f-]{36}\/\?reference=pay-/);
  await page.waitForURL(/\/appointment\/confirmation\/[0-9a-f-]{36}\/$/, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your appointment is confirmed');
  await expect(page.getByText('Payment successful!')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/stripe-confirmation-en.png', fullPage: true });

  // The money went to escrow for the session, not to the wallet; the payment is the Stripe one.
  const token = await tokenOf(request, account);
  const balance = await request.get('/api/wallet/balance', { headers: { Authorization: `Bearer ${token}` } });
  expect(await balance.json()).toMatchObject({ balance: 0, currency: 'GBP' });
});
