import type { APIRequestContext, Page } from '@playwright/test';
import { dismissConsent, PROVIDER_NAME } from './demo';
import { expect, expectAccessible, test } from './fixtures';
import { type Account, countryIdentifier, signUpVerified, submitSignIn } from './helpers';

/** A therapist no other journey opens a room with, so the session starting now is free to book. */
const ROOM_PROVIDER = { email: 'ibrahim.musa@demo.test', password: 'demo-pass-123' };
const PASSWORD = 'calm-river-42';

test.use({ viewport: { width: 390, height: 844 } });

/** A client in Nigeria with an empty wallet (so paying needs a top-up first). */
async function newClient(request: APIRequestContext): Promise<Account> {
  const email = `journey.${Date.now()}.${Math.floor(Math.random() * 1000)}@example.com`;
  await signUpVerified(request, {
    userType: 'client',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Kemi',
    lastName: 'Bello Adeyemi',
    phoneNumber: '+234 801 234 5678',
    countryIdentifier: await countryIdentifier(request, 'NG'),
    agreeToTerms: true,
  });
  return { email, password: PASSWORD };
}

async function signIn(page: Page, account: Account, path: string) {
  await page.goto(`/login/?redirect=${encodeURIComponent(path)}`);
  await dismissConsent(page);
  await submitSignIn(page, account);
  await page.waitForURL((url) => url.pathname === path);
  await page.waitForLoadState('networkidle');
}

const WORDS = {
  en: {
    prefix: '',
    book: 'Book ',
    chosen: 'Your chosen time: ',
    video: 'Video Session',
    hold: 'Hold this time and continue',
    refundable: /Free cancellation until .+ \(Africa\/Lagos time\)/,
    notRefundable: 'cannot be refunded',
    topUp: 'Top up your wallet',
    card: /Card payment/,
    amount: 'Amount (NGN)',
    continue: 'Continue to payment',
    approve: 'Approve',
    success: 'Payment successful!',
    payWallet: /from wallet$/,
    confirmed: 'Your appointment is confirmed',
  },
  de: {
    prefix: '/de',
    book: '',
    chosen: 'Deine gewählte Zeit: ',
    video: 'Videositzung',
    hold: 'Zeit reservieren und weiter',
    refundable: /Kostenlos stornieren bis .+ \(Zeitzone Africa\/Lagos\)/,
    notRefundable: 'kann daher nicht erstattet werden',
    topUp: 'Guthaben aufladen',
    card: /Kartenzahlung/,
    amount: 'Betrag (NGN)',
    continue: 'Weiter zur Zahlung',
    approve: 'Bestätigen',
    success: 'Zahlung erfolgreich!',
    payWallet: /mit Guthaben bezahlen$/,
    confirmed: 'Dein Termin ist bestätigt',
  },
} as const;

/**
 * From a chosen time to a paid session: the time link starts the booking with it chosen, the
 * form holds it, the payment step states the refund terms and counts the hold down, a card
 * top-up from there comes back to the same held booking, and the wallet pays it.
 */
async function chooseTopUpAndPay(page: Page, language: 'en' | 'de', timeLink: ReturnType<Page['getByRole']>) {
  const words = WORDS[language];
  const label = (await timeLink.getAttribute('aria-label')) ?? '';
  const when = language === 'en' ? label.replace(/^Book /, '') : label.replace(/ buchen$/, '');
  await timeLink.click();
  await page.waitForURL(/\/booking\/\?provider=[0-9a-f-]{36}&at=/);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('chosen-time')).toContainText(`${words.chosen}${when}`);
  await expectAccessible(page);
  await page.screenshot({ path: `test-results/journey-web-chosen-${language}.png`, fullPage: true });
  await page.getByRole('radio', { name: words.video }).check();
  await page.getByRole('button', { name: words.hold }).click();

  // The payment step: the same time, held and counting down, and the refund terms before paying.
  await page.waitForURL(/\/payment\/[0-9a-f-]{36}\/$/);
  await page.waitForLoadState('networkidle');
  const paymentPath = new URL(page.url()).pathname;
  await expect(page.getByTestId('hold-countdown')).toContainText(/1[0-5]:\d\d/);
  const terms = page.getByTestId('refund-terms');
  await expect(terms).toBeVisible();
  const refundable = (await terms.getAttribute('data-refundable')) === 'true';
  await expect(terms).toContainText(refundable ? words.refundable : words.notRefundable);
  await expectAccessible(page);
  await page.screenshot({ path: `test-results/journey-web-payment-${language}.png`, fullPage: true });

  // Too little in the wallet: top up by card from here, and come back to this payment step.
  await page.getByRole('button', { name: words.topUp }).click();
  const dialog = page.getByRole('dialog', { name: words.topUp });
  await dialog.getByRole('button', { name: words.card }).click();
  await dialog.getByLabel(words.amount).pressSequentially('20000');
  const started = page.waitForRequest('**/api/payment/wallet');
  await dialog.getByRole('button', { name: words.continue }).click();
  expect((await started).postDataJSON()).toEqual({ amount: 2_000_000, callbackUrl: paymentPath });
  await page.waitForURL('**/sandbox/checkout/**');
  await page.getByRole('button', { name: words.approve }).click();
  await page.waitForURL((url) => url.pathname === paymentPath);
  await expect(page.getByText(words.success)).toBeVisible();
  await expect(page).toHaveURL((url) => !url.searchParams.has('reference'));
  await expect(page.getByTestId('hold-countdown')).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toContainText('20');
  await expectAccessible(page);
  await page.screenshot({ path: `test-results/journey-web-back-${language}.png`, fullPage: true });

  await page.getByRole('button', { name: words.payWallet }).click();
  await page.waitForURL(/\/appointment\/confirmation\/[0-9a-f-]{36}\/$/);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.confirmed);
  await page.screenshot({ path: `test-results/journey-web-confirmed-${language}.png`, fullPage: true });
}

test.describe('the booking journey from a chosen time', () => {
  test('en: a time on the therapist page, a card top-up from the payment step, then pay', async ({
    page,
    request,
    visit,
  }) => {
    test.setTimeout(180_000);
    const client = await newClient(request);
    await signIn(page, client, '/providers/');
    await visit('/providers/');
    await page
      .getByTestId('provider-card')
      .filter({ hasText: PROVIDER_NAME })
      .getByRole('link', { name: `View profile of ${PROVIDER_NAME}` })
      .click();
    await page.waitForURL(/\/providers\/[0-9a-f-]{36}(-[a-z0-9-]+)?\/$/);
    await page.waitForLoadState('networkidle');
    await chooseTopUpAndPay(page, 'en', page.getByTestId('next-slots').getByRole('link').first());
  });

  test('de: a time on the therapist page, a card top-up from the payment step, then pay', async ({
    page,
    request,
    visit,
  }) => {
    test.setTimeout(180_000);
    const client = await newClient(request);
    await signIn(page, client, '/providers/');
    await visit('/de/providers/');
    const card = page.getByTestId('provider-card').filter({ hasText: PROVIDER_NAME });
    // The card's next free time is a link into the same booking step.
    await expect(card.getByTestId('next-slot-link')).toHaveAttribute('href', /\/de\/booking\/\?provider=.+&at=/);
    await card.getByRole('heading', { level: 2 }).getByRole('link').click();
    await page.waitForURL(/\/de\/providers\/[0-9a-f-]{36}(-[a-z0-9-]+)?\/$/);
    await page.waitForLoadState('networkidle');
    await chooseTopUpAndPay(page, 'de', page.getByTestId('next-slots').getByRole('link').first());
  });

  test('the therapist joins the open room from the overview', async ({ page, request }) => {
    const client = await newClient(request);
    const answer = await request.post('/api/dev/session-room', {
      data: { clientEmail: client.email, providerEmail: ROOM_PROVIDER.email, startsInMinutes: 5 },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    const { bookingIdentifier } = (await answer.json()) as { bookingIdentifier: string };
    await signIn(page, ROOM_PROVIDER, '/overview/');
    const join = page.locator(`li:has(a[href$="/appointments/${bookingIdentifier}/"])`).getByTestId('join-session');
    await expect(join).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/journey-web-provider-join-en.png', fullPage: true });
    await join.click();
    await page.waitForURL(`**/session/${bookingIdentifier}/`);
  });
});
