import type { APIRequestContext, Page } from '@playwright/test';
import { dismissConsent, GB_PROVIDER } from './demo';
import { expect, test } from './fixtures';
import { countryIdentifier, signIn, signUpVerified, tokenOf } from './helpers';

/**
 * The back office's pages for what the API already offered: reported reviews, contact messages,
 * manual payouts and no-show counts. The data comes the way it would in real life: a client in
 * London pays a £60 session from a wallet topped up through the Stripe-shaped sandbox (GBP is
 * routed to Stripe, which pays out to no bank, so Sarah Collins's payout waits for an operator),
 * reviews it, Sarah reports the review; a free video session neither joins counts as Sarah's
 * no-show; a visitor writes through the contact form. Sessions are created in the past through
 * the dev tools, and the completion job (every minute) settles them.
 */
const ADMIN = { email: 'admin@demo.test', password: 'demo-pass-123' };
const THERAPIST = 'Sarah Collins';
const UK_BANK = {
  accountName: 'Sarah Collins',
  bankCode: '402030',
  bankName: 'Barclays',
  accountNumber: '31926819',
  address: '1 Harley Street, London',
  postalCode: 'W1G 9QD',
  accountType: 'checking',
  accountOwnership: 'personal',
  dateOfBirth: '1982-04-11',
};

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A verified client in London with £100 in the wallet, paid on the Stripe-shaped sandbox checkout. */
async function londonClient(page: Page, request: APIRequestContext) {
  const account = { email: `backoffice.${Date.now()}@example.com`, password: 'calm-river-42' };
  await signUpVerified(request, {
    userType: 'client',
    email: account.email,
    password: account.password,
    confirmPassword: account.password,
    firstName: 'Harriet',
    lastName: 'Lane',
    phoneNumber: '+447700900456',
    countryIdentifier: await countryIdentifier(request, 'GB'),
    agreeToTerms: true,
  });
  const token = await tokenOf(request, account);
  const started = await request.post('/api/payment/wallet', { headers: bearer(token), data: { amount: 10_000 } });
  expect(started.status(), await started.text()).toBe(200);
  const { payment, metadata } = (await started.json()) as {
    payment: { reference: string };
    metadata: { authorizationUrl: string };
  };
  await page.goto(metadata.authorizationUrl);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect
    .poll(async () => {
      const status = await request.get(`/api/payment/status/${payment.reference}`, { headers: bearer(token) });
      return ((await status.json()) as { status: string }).status;
    })
    .toBe('success');
  return { account, token };
}

/** A session in the past between the two (dev tools), settled by the completion job. */
async function pastSession(
  request: APIRequestContext,
  body: { clientEmail: string; startsInMinutes: number; modalityKey: string; price?: object },
) {
  const created = await request.post('/api/dev/session-room', {
    data: { providerEmail: GB_PROVIDER.email, durationMinutes: 60, ...body },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { bookingIdentifier: string }).bookingIdentifier;
}

async function settled(request: APIRequestContext, token: string, bookingId: string) {
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/booking/${bookingId}/outcome`, { headers: bearer(token) });
        return answer.ok() ? ((await answer.json()) as { outcome: string | null }).outcome : null;
      },
      { timeout: 100_000, intervals: [2_000] },
    )
    .not.toBeNull();
}

test('an operator hides a reported review, reads a contact message, pays a manual payout and sees no-shows', async ({
  page,
  request,
  visit,
}) => {
  test.setTimeout(240_000);
  const comment = `She never listened and talked about herself ${Date.now()}.`;
  const reason = 'This person was never my client; the words are not about a session.';
  const contactEmail = `backoffice-contact-${Date.now()}@example.test`;

  // --- The data, as people make it.
  const client = await londonClient(page, request);
  const paid = await pastSession(request, {
    clientEmail: client.account.email,
    // Over 48 hours ago: its earning is past the dispute window, so it can be paid out.
    startsInMinutes: -50 * 60,
    modalityKey: 'in-person',
    price: { amountMinor: 6_000, currencyCode: 'GBP' },
  });
  const missed = await pastSession(request, {
    clientEmail: client.account.email,
    startsInMinutes: -110,
    modalityKey: 'video-session',
  });
  await settled(request, client.token, paid);
  await settled(request, client.token, missed);

  const reviewed = await request.post(`/api/review/${paid}`, {
    headers: bearer(client.token),
    data: { rating: 1, comment, isAnonymous: false },
  });
  expect(reviewed.status(), await reviewed.text()).toBe(201);
  const reviewId = ((await reviewed.json()) as { identifier: string }).identifier;

  const sarah = await tokenOf(request, GB_PROVIDER);
  const directory = (await (await request.get(`/api/providers?q=${encodeURIComponent(THERAPIST)}`)).json()) as {
    data: { identifier: string; name: string }[];
  };
  const sarahId = directory.data.find((provider) => provider.name.endsWith(THERAPIST))?.identifier;
  expect(sarahId).toBeDefined();
  const reported = await request.post(`/api/review/${reviewId}/report`, { headers: bearer(sarah), data: { reason } });
  expect(reported.ok(), await reported.text()).toBe(true);
  const bank = await request.put('/api/earnings/bank-account', { headers: bearer(sarah), data: UK_BANK });
  expect(bank.ok(), await bank.text()).toBe(true);
  const payout = await request.post('/api/earnings/payouts', { headers: bearer(sarah), data: { amount: 3_000 } });
  expect(payout.ok(), await payout.text()).toBe(true);
  const payoutId = ((await payout.json()) as { identifier: string }).identifier;

  await visit('/contact/');
  await dismissConsent(page);
  await page.getByLabel('First name').fill('Tobi');
  await page.getByLabel('Last name').fill('Adebayo');
  await page.getByLabel('Email').fill(contactEmail);
  await page.getByLabel('Message').fill('Can my company pay for sessions for our staff?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('contact-sent')).toContainText('Thank you for your message');

  const publicPage = `/providers/${sarahId}/`;
  await visit(publicPage);
  await expect(page.getByTestId('review-list').getByText(comment)).toBeVisible();

  // --- Reported reviews: hide it, with a reason, by keyboard.
  await signIn(page, ADMIN, '/overview/');
  await visit('/admin/reviews/');
  await expect(
    page.getByRole('navigation', { name: 'Back office sections' }).getByRole('link', { name: 'Reported reviews' }),
  ).toHaveAttribute('aria-current', 'page');
  const row = page.getByTestId(`reported-review-${reviewId}`);
  await expect(row).toContainText(comment);
  await expect(row).toContainText('1 of 5');
  await expect(row).toContainText(THERAPIST);
  await expect(row).toContainText('1 report');
  await expect(row).toContainText(reason);
  await expect(row).toContainText('Visible');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/admin-reviews-1280.png', fullPage: true });
  await row.getByRole('button', { name: 'Hide' }).click();
  const hide = page.getByRole('dialog', { name: `Hide this review of ${THERAPIST}?` });
  await hide.getByLabel('Reason for hiding').fill('Not about a session; reported by the provider.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(hide.getByRole('button', { name: 'Hide' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Review of ${THERAPIST} hidden`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await visit('/admin/reviews/?status=hidden');
  await expect(page.getByTestId(`reported-review-${reviewId}`)).toContainText('Hidden');
  await expect(
    page.getByTestId(`reported-review-${reviewId}`).getByRole('button', { name: 'Show again' }),
  ).toBeVisible();

  // Gone from the public page, in the HTML the server renders too (an anonymous public page is
  // rendered once per 30 s per process for the same cookies, so any copy may lag that long).
  const publicHtml = async () => (await request.get(publicPage)).text();
  await expect.poll(publicHtml, { timeout: 45_000, intervals: [3_000] }).not.toContain(comment);
  await visit(publicPage);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(THERAPIST);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('review-list')).toBeVisible({ timeout: 2_000 });
    await expect(page.getByText(comment)).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 45_000, intervals: [3_000] });

  // --- Contact messages.
  await visit('/admin/contact/');
  const message = page.getByTestId('contact-messages').getByRole('row').filter({ hasText: contactEmail });
  await expect(message).toContainText('Tobi Adebayo');
  await expect(message).toContainText('Can my company pay for sessions for our staff?');
  await expect(message.getByRole('link', { name: contactEmail })).toHaveAttribute('href', `mailto:${contactEmail}`);
  await page.screenshot({ path: 'test-results/admin-contact-1280.png', fullPage: true });

  // --- Manual payouts: the bank details as Sarah gave them, then paid with the bank's reference.
  await visit('/admin/payouts/');
  const owed = page.getByTestId(`manual-payout-${payoutId}`);
  await expect(owed).toContainText('£30.00');
  await expect(owed).toContainText(THERAPIST);
  await expect(owed).toContainText('Sort code402030');
  await expect(owed).toContainText('Account number31926819');
  await page.screenshot({ path: 'test-results/admin-payouts-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/admin-payouts-390.png', fullPage: true });
  await owed.getByRole('button', { name: `Mark the payout of £30.00 to ${THERAPIST} as paid` }).click();
  const record = page.getByRole('dialog', { name: `Record the payout of £30.00 to ${THERAPIST} as paid?` });
  await expect(record).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-payout-dialog-390.png' });
  await record.getByLabel('Bank reference of the transfer').fill('BARC-2027-0042');
  await record.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText(`Payout of £30.00 to ${THERAPIST} recorded as paid`)).toBeVisible();
  await expect(owed).toHaveCount(0);
  await visit('/admin/payouts/?state=paid');
  await expect(page.getByTestId(`manual-payout-${payoutId}`)).toContainText('Bank reference: BARC-2027-0042');

  // --- No-shows: Sarah never joined the video session.
  await visit('/admin/no-shows/');
  const providers = page.getByTestId('no-show-counts').getByRole('row').filter({ hasText: GB_PROVIDER.email });
  await expect(providers).toContainText(THERAPIST);
  await page.screenshot({ path: 'test-results/admin-no-shows-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Clients who did not show up' }).click();
  await expect(page).toHaveURL(/\/admin\/no-shows\/\?party=client$/);
  await expect(page.getByRole('link', { name: 'Clients who did not show up' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('no-show-counts').getByRole('row').filter({ hasText: GB_PROVIDER.email })).toHaveCount(
    0,
  );

  // --- The audit log names the decision.
  await visit('/admin/audit/?action=review');
  await expect(page.getByTestId('audit-table').getByText('Hid a review').first()).toBeVisible();

  // --- One pass in German.
  await visit('/de/admin/reviews/?status=hidden');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gemeldete Bewertungen');
  await expect(page.getByTestId(`reported-review-${reviewId}`)).toContainText('Ausgeblendet');
  await page.getByTestId(`reported-review-${reviewId}`).getByRole('button', { name: 'Wieder anzeigen' }).click();
  await page
    .getByRole('dialog', { name: `Diese Bewertung von ${THERAPIST} wieder anzeigen?` })
    .getByRole('button', { name: 'Wieder anzeigen' })
    .click();
  await expect(page.getByText(`Bewertung von ${THERAPIST} wird wieder angezeigt`)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/admin-reviews-de-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await visit('/de/admin/contact/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontaktanfragen');
  await expect(page.getByTestId('contact-messages')).toContainText(contactEmail);
  await visit('/de/admin/payouts/?state=paid');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manuelle Auszahlungen');
  // Money reads the page's way: a German page writes pounds as "30,00 £".
  await expect(page.getByTestId(`manual-payout-${payoutId}`)).toContainText(/30,00\s£/);
  await expect(page.getByTestId(`manual-payout-${payoutId}`)).toContainText('Sort Code402030');
  await expect(page.getByTestId(`manual-payout-${payoutId}`)).toContainText('Bankreferenz: BARC-2027-0042');
  await page.screenshot({ path: 'test-results/admin-payouts-de-1280.png', fullPage: true });
  await visit('/de/admin/no-shows/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nichterscheinen');
  await expect(page.getByRole('link', { name: 'Nicht erschienene Anbieter:innen' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByTestId('no-show-counts')).toContainText(THERAPIST);
  // Shown again: back on the public page.
  await expect.poll(publicHtml, { timeout: 45_000, intervals: [3_000] }).toContain(comment);
});
