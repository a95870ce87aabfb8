import type { APIRequestContext, Page } from '@playwright/test';
import { CLIENT, dismissConsent, fillBookingForm, PRICE, topUp, weekdayFrom, ZONE } from './demo';
import { expect, expectAccessible, test } from './fixtures';
import { countryIdentifier, dateIn, outbox, pickSlot, signIn, signUpVerified, tokenOf } from './helpers';

const ADMIN = { email: 'admin@demo.test', password: 'demo-pass-123' };
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

function inOneYear(): string {
  return new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
}

/** A provider signed up through the API (verified), named so the directory can show them. */
async function newProvider(request: APIRequestContext, firstName: string, lastName: string) {
  const account = { email: `${firstName.toLowerCase()}.${Date.now()}@example.com`, password: 'calm-river-42' };
  await signUpVerified(request, {
    userType: 'provider',
    email: account.email,
    confirmEmail: account.email,
    password: account.password,
    confirmPassword: account.password,
    firstName,
    lastName,
    countryIdentifier: await countryIdentifier(request, 'NG'),
    agreeToTerms: true,
  });
  return account;
}

/** The licence and the insurance through /my-credentials/, then the submission. */
async function uploadAndSubmit(page: Page) {
  await page.getByRole('button', { name: 'Add Licence' }).click();
  const licence = page.getByRole('dialog', { name: 'Upload Licence' });
  await licence.getByLabel('Governing board or association').fill('Medical and Dental Council of Nigeria');
  await licence.getByLabel('Credential number').fill('MDCN/77-001');
  await licence.getByLabel('Files').setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF });
  await licence.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('File Upload Successful')).toBeVisible();
  await page.getByRole('button', { name: 'Upload insurance' }).click();
  const insurance = page.getByRole('dialog', { name: 'Upload insurance' });
  await insurance
    .getByLabel('Insurance document')
    .setInputFiles({ name: 'policy.pdf', mimeType: 'application/pdf', buffer: PDF });
  await insurance.getByLabel('Expiry date').fill(inOneYear());
  await insurance.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText(/^Expires /)).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('dialog', { name: 'Document review notice' }).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('verification-status')).toHaveText('Under review');
}

type Option = { identifier: string; key: string };

/** Setup (therapy, session types), fee and weekday hours through the API, so clients can book once approved. */
async function openForBookings(request: APIRequestContext, account: { email: string; password: string }) {
  const headers = { Authorization: `Bearer ${await tokenOf(request, account)}` };
  const lists = (await (await request.get('/api/preferences')).json()) as Record<string, Option[]>;
  const option = (list: string, key: string) => lists[list]?.find((item) => item.key === key)?.identifier;
  const states = (await (await request.get('/api/region/country/code/NG/states')).json()) as {
    identifier: string;
    code: string;
  }[];
  const setup = await request.post('/api/provider/setup', {
    headers,
    data: {
      countryIdentifier: await countryIdentifier(request, 'NG'),
      stateIdentifier: states.find((state) => state.code === 'NG-LA')?.identifier,
      title: 'Dr',
      gender: 'female',
      officeAddress: '12 Admiralty Way',
      zipCode: '106104',
      therapyIdentifiers: [option('therapy', 'individual-therapy')],
      modalityIdentifiers: [option('modality', 'video-session')],
      specialityIdentifiers: [option('specialities', 'anxiety')],
    },
  });
  expect(setup.ok(), await setup.text()).toBe(true);
  const fee = await request.post('/api/provider/booking-fee/general', { headers, data: { fee: 1_500_000 } });
  expect(fee.ok(), await fee.text()).toBe(true);
  const days = await request.post('/api/provider-availability/days/recurring', {
    headers,
    data: {
      days: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) =>
        dayOfWeek <= 5
          ? { dayOfWeek, isAvailable: true, timeslotIntervals: [{ startTime: '09:00', endTime: '17:00' }] }
          : { dayOfWeek, isAvailable: false },
      ),
    },
  });
  expect(days.ok(), await days.text()).toBe(true);
}

/** Signs in from the login page, the consent banner answered first (it belongs to the public pages). */
async function signInAs(page: Page, account: { email: string; password: string }, redirect: string) {
  await page.goto('/login/');
  await dismissConsent(page);
  await signIn(page, account, redirect);
}

async function signOut(page: Page) {
  await page.getByTestId('header-sign-out').click();
  await page.waitForURL(/\/login\/$/);
}

test.describe('the back office', () => {
  test('a new provider submits, the admin approves in /admin, and a client books them', async ({
    page,
    visit,
    request,
  }) => {
    test.setTimeout(180_000);
    const account = await newProvider(request, 'Folake', 'Adeyemi');
    await openForBookings(request, account);

    // The provider uploads a licence and insurance and submits them.
    await signInAs(page, account, '/my-credentials/');
    await uploadAndSubmit(page);
    await signOut(page);

    // Not in the directory yet.
    const listed = async () =>
      ((await (await request.get('/api/providers?perPage=50')).json()) as { data: { name: string }[] }).data.map(
        (provider) => provider.name,
      );
    expect(await listed()).not.toContain('Folake Adeyemi');

    // The admin finds them in the review queue, previews the licence and approves.
    await signIn(page, ADMIN, '/overview/');
    await page.getByRole('main').getByRole('link', { name: 'Back office' }).click();
    await page.waitForURL(/\/admin\/$/);
    await visit('/admin/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Back office');
    await expect(page.getByRole('heading', { level: 2, name: 'Review queue' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Back office sections' })).toBeVisible();
    await page.getByRole('link', { name: 'Review Folake Adeyemi' }).click();
    await page.waitForURL(/\/admin\/providers\/[0-9a-f-]{36}\/$/);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review Folake Adeyemi');
    await page.getByRole('button', { name: 'Preview licence.pdf' }).click();
    await expect(page.locator('iframe[title="licence.pdf"]')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/admin-review-en.png', fullPage: true });
    // Keyboard: the decision buttons are reachable and work with Enter.
    await page.getByRole('button', { name: 'Approve' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Provider approved')).toBeVisible();
    await expect(page.getByTestId('review-state')).toContainText('Approved');
    await expect(page.getByTestId('review-state')).toContainText('Shown in the directory');
    await expect(page.getByTestId('decision-unavailable')).toBeVisible();
    expect(await listed()).toContain('Folake Adeyemi');

    // The decision is in the audit log.
    await page
      .getByRole('navigation', { name: 'Back office sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.waitForURL(/\/admin\/audit\/$/);
    await expect(page.getByTestId('audit-table')).toContainText('Approved a provider');
    await expect(page.getByTestId('audit-table')).toContainText(account.email);
    await expectAccessible(page);
    await signOut(page);

    // A client finds them in the directory and books a session, paid from the wallet.
    const clientToken = await tokenOf(request, CLIENT);
    await topUp(request, clientToken, 2_000_000);
    await signIn(page, CLIENT, '/providers/');
    await visit('/providers/');
    const card = page.getByTestId('provider-card').filter({ hasText: 'Folake Adeyemi' });
    await expect(card).toBeVisible();
    await card.getByRole('link', { name: 'Book a session with Dr Folake Adeyemi' }).click();
    await page.waitForURL(/\/booking\/\?provider=/);
    await page.waitForLoadState('networkidle');
    await fillBookingForm(page, 'A first session, please.');
    const today = dateIn(ZONE, new Date());
    await pickSlot(page, weekdayFrom(today, 5), today, '10:00 AM – 11:00 AM');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}\/$/);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: `Pay ${PRICE} from wallet` }).click();
    await page.waitForURL(/\/appointment\/confirmation\/[0-9a-f-]{36}\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your appointment is confirmed');
  });

  test('a rejection shows its note to the provider, at /my-credentials and in the email', async ({
    page,
    visit,
    request,
  }) => {
    test.setTimeout(120_000);
    const account = await newProvider(request, 'Tunde', 'Bakare');
    await signInAs(page, account, '/my-credentials/');
    await uploadAndSubmit(page);
    await signOut(page);

    const note = 'The licence scan is unreadable. Please upload a clearer copy.';
    await signIn(page, ADMIN, '/admin/');
    await page.getByLabel('Search').fill('Bakare');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('link', { name: 'Review Tunde Bakare' }).click();
    await page.waitForURL(/\/admin\/providers\/[0-9a-f-]{36}\/$/);
    await page.waitForLoadState('networkidle');
    // A rejection needs a note: the API's own schema speaks first.
    await page.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '3' })).toBeVisible();
    await page.getByLabel('Note for the provider').fill(note);
    await page.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Provider rejected; they have been told why')).toBeVisible();
    await expect(page.getByTestId('decision-history')).toContainText(note);
    await signOut(page);

    await expect
      .poll(
        async () =>
          (await outbox(request, account.email)).find((mail) => mail.template === 'credentials.rejected')?.text,
      )
      .toContain(note);

    await signIn(page, account, '/my-credentials/');
    await visit('/my-credentials/');
    await expect(page.getByTestId('verification-status')).toHaveText('Changes requested');
    await expect(page.getByTestId('verification-note')).toHaveText(note);
  });

  test('view mode: the admin sees a client’s wallet, cannot change anything, and exits', async ({ page, visit }) => {
    test.setTimeout(120_000);
    await signInAs(page, ADMIN, '/admin/users/');
    await visit('/admin/users/');
    await page.getByLabel('Search').fill(CLIENT.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByTestId('user-table').getByRole('row')).toHaveCount(2);
    await page.screenshot({ path: 'test-results/admin-users-en.png', fullPage: true });
    await page.getByRole('button', { name: /^View the app as / }).click();
    await page.waitForURL(/\/overview\/$/);
    const banner = page.getByTestId('view-mode-banner');
    await expect(banner).toContainText('You are viewing the app as Ada Okafor (Client)');

    await visit('/wallet/');
    await expect(page.getByTestId('wallet-balance')).toContainText('₦');
    await page.screenshot({ path: 'test-results/admin-view-mode-wallet-en.png', fullPage: true });
    // A change is refused by the server.
    await page.getByRole('button', { name: 'Top up wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Top up your wallet' });
    await dialog.getByRole('button', { name: /Card payment/ }).click();
    await dialog.getByLabel('Amount (NGN)').pressSequentially('1000');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText(/View mode is read-only/).first()).toBeVisible();
    await page.keyboard.press('Escape');

    // The back office is not reachable as the client.
    await page.goto('/admin/');
    await page.waitForURL(/\/overview\/$/);
    await expect(banner).toBeVisible();

    await banner.getByRole('button', { name: 'Exit view mode' }).click();
    await page.waitForURL(/\/admin\/users\/$/);
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');

    // The session is in the audit log: started and ended.
    await visit('/admin/audit/?action=view_mode');
    await expect(page.getByTestId('audit-table')).toContainText('Started view mode');
    await expect(page.getByTestId('audit-table')).toContainText('Ended view mode');
  });

  test('the back office in German at phone width, and closed to other roles', async ({ page, visit }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, ADMIN, '/de/admin/');
    await visit('/de/admin/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Backoffice');
    await expect(page.getByRole('heading', { level: 2, name: 'Prüfliste' })).toBeVisible();
    await page.screenshot({ path: 'test-results/admin-queue-de-phone.png', fullPage: true });
    await visit('/de/admin/operations/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Betrieb');
    await expect(page.getByTestId('ops-reconciliation')).toContainText('Das Hauptbuch ist ausgeglichen');
    await page.screenshot({ path: 'test-results/admin-operations-de-phone.png', fullPage: true });
    await visit('/de/admin/users/');
    await page.screenshot({ path: 'test-results/admin-users-de-phone.png', fullPage: true });
    await signOut(page).catch(async () => page.goto('/login/'));

    await signIn(page, CLIENT, '/overview/');
    await page.goto('/admin/');
    await page.waitForURL(/\/overview\/$/);
    await expect(page.getByRole('link', { name: 'Back office' })).toHaveCount(0);
  });
});
