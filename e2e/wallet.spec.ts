import type { APIRequestContext, Page } from '@playwright/test';
import { CLIENT, GB_PROVIDER_NEW_BANK, PROVIDER, US_PROVIDER } from './demo';
import { expect, test } from './fixtures';
import { type Account, countryIdentifier, moneyText, outbox, signIn, signUpVerified, tokenOf } from './helpers';

const PASSWORD = 'calm-river-42';

/** A fresh, verified client in Nigeria (sign-up and email link through the API): an empty wallet. */
async function newClient(request: APIRequestContext, firstName = 'Amaka'): Promise<Account> {
  const email = `wallet.${Date.now()}.${Math.floor(Math.random() * 1000)}@example.com`;
  await signUpVerified(request, {
    userType: 'client',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName,
    lastName: 'Okonkwo',
    phoneNumber: '+2348012345678',
    countryIdentifier: await countryIdentifier(request, 'NG'),
    agreeToTerms: true,
  });
  return { email, password: PASSWORD };
}

const balance = (page: Page) => page.getByTestId('wallet-balance');

test.describe('wallet', () => {
  test('the wallet is rendered on the server at first load, in en and de, and its queries are not asked again', async ({
    page,
    request,
  }) => {
    const token = await tokenOf(request, CLIENT);
    const answer = await request.get('/api/wallet/balance', { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.ok()).toBe(true);
    const wallet = (await answer.json()) as { balance: number; currency: string };
    await signIn(page, CLIENT, '/overview/');
    // A new tab shares the cookies but not the tab's session: the server renders from the page credential.
    const tab = await page.context().newPage();
    const walletCalls: string[] = [];
    const problems: string[] = [];
    tab.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (pathname.startsWith('/api/wallet/') || pathname === '/api/user/info') walletCalls.push(pathname);
    });
    tab.on('pageerror', (error) => problems.push(error.message));
    tab.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    for (const [path, title, language] of [
      ['/wallet/', 'Wallet', 'en'],
      ['/de/wallet/', 'Guthaben', 'de'],
    ] as const) {
      const response = await tab.goto(path);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      const html = (await response?.text()) ?? '';
      expect(html).toContain(moneyText(wallet.balance, wallet.currency, language));
      expect(html).toContain('data-testid="wallet-balance"');
      await tab.waitForLoadState('networkidle');
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(balance(tab)).toHaveText(moneyText(wallet.balance, wallet.currency, language));
      await tab.screenshot({ path: `test-results/wallet-server-rendered-${language}.png`, fullPage: true });
    }
    expect(walletCalls).toEqual([]);
    expect(problems).toEqual([]);
    // Hydrated: the top-up dialog opens from the server-rendered button.
    await tab.getByRole('button', { name: 'Guthaben aufladen' }).first().click();
    await expect(tab.getByRole('dialog')).toBeVisible();
    await tab.keyboard.press('Escape');

    await tab.getByRole('button', { name: 'Abmelden' }).first().click();
    await tab.waitForURL('**/de/login/**');
    const after = await tab.goto('/wallet/');
    expect(await after?.text()).not.toContain('data-testid="wallet-balance"');
    await tab.waitForURL('**/login/?redirect=%2Fwallet%2F');
    await tab.close();
  });

  test('a client tops up by card in the sandbox, sees the payment in the statement, and a declined card fails', async ({
    page,
    visit,
    request,
  }) => {
    const client = await newClient(request);
    await signIn(page, client, '/wallet/');
    await visit('/wallet/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wallet');
    await expect(balance(page)).toHaveText('₦0.00');
    await expect(page.getByText('No transactions yet. Top up your wallet to get started.')).toBeVisible();
    await page.screenshot({ path: 'test-results/wallet-empty-en.png', fullPage: true });

    // The top-up dialog: choose card, an amount below the minimum, then a real one.
    await page.getByRole('button', { name: 'Top up wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Top up your wallet' });
    await expect(dialog.getByRole('button', { name: /Card payment/ })).toBeVisible();
    await page.screenshot({ path: 'test-results/wallet-topup-choose-en.png' });
    await dialog.getByRole('button', { name: /Card payment/ }).click();
    const amount = dialog.getByLabel('Amount (NGN)');
    await amount.pressSequentially('4x00');
    await expect(amount).toHaveValue('400');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Minimum topup amount is 500 NGN');
    await amount.fill('');
    await amount.pressSequentially('12500');
    await expect(amount).toHaveValue('12,500');
    await expect(dialog).toContainText('You will pay ₦12,500.00');
    await page.screenshot({ path: 'test-results/wallet-topup-card-en.png' });
    const started = page.waitForRequest('**/api/payment/wallet');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    expect((await started).postDataJSON()).toEqual({ amount: 1_250_000, callbackUrl: '/wallet/' });

    // The sandbox checkout: approve; it returns to the wallet with ?reference=.
    await page.waitForURL('**/sandbox/checkout/**');
    await expect(page.getByText('₦12,500.00')).toBeVisible();
    await page.screenshot({ path: 'test-results/wallet-sandbox-checkout.png' });
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((url) => url.pathname === '/wallet/');
    await expect(page.getByText('Payment successful!')).toBeVisible();
    await expect(balance(page)).toHaveText('₦12,500.00');
    await expect(page).toHaveURL((url) => !url.searchParams.has('reference'));
    await expect(page.getByTestId('pending-payment')).toHaveCount(0);

    // The statement and the entry's details.
    const first = page.getByTestId('transaction').first();
    await expect(first).toContainText('Card top-up');
    await expect(first).toContainText('+₦12,500.00');
    await page.screenshot({ path: 'test-results/wallet-after-card-en.png', fullPage: true });
    await first.getByRole('link', { name: 'Card top-up' }).click();
    await page.waitForURL('**/wallet/transactions/**');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transaction details');
    await expect(page.getByTestId('transaction-amount')).toHaveText('+₦12,500.00');
    await expect(page.getByText('Successful', { exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/wallet-transaction-en.png', fullPage: true });
    await page.getByRole('link', { name: 'Back to wallet' }).click();
    await page.waitForURL((url) => url.pathname === '/wallet/');

    // A declined card: 'Payment failed. Please try again.' and the balance stays.
    await page.getByRole('button', { name: 'Top up wallet' }).click();
    await dialog.getByRole('button', { name: /Card payment/ }).click();
    await dialog.getByLabel('Amount (NGN)').pressSequentially('1000');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/sandbox/checkout/**');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL((url) => url.pathname === '/wallet/');
    await expect(page.getByText('Payment failed. Please try again.')).toBeVisible();
    await expect(balance(page)).toHaveText('₦12,500.00');

    // Filters: the date range is checked before any call; a type narrows the list.
    await page.getByLabel('From', { exact: true }).fill('2030-02-10');
    await page.getByLabel('To', { exact: true }).fill('2030-02-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('The end date must not be before the start date')).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).fill('');
    await page.getByLabel('Type').selectOption('refund');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/transactionType=refund/);
    await expect(page.getByText('No transactions match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByTestId('transaction')).toHaveCount(1);
  });

  test('a client tops up by bank transfer into the account number and sees the balance change', async ({
    page,
    visit,
    request,
  }) => {
    const client = await newClient(request, 'Chioma');
    await signIn(page, client, '/wallet/');
    await visit('/wallet/');
    await page.getByRole('button', { name: 'Top up wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Top up your wallet' });
    await dialog.getByRole('button', { name: /Bank transfer/ }).click();
    const number = dialog.getByTestId('virtual-account-number');
    await expect(number).toHaveText(/^\d{6,20}$/);
    await expect(dialog).toContainText('Chioma Okonkwo');
    await page.screenshot({ path: 'test-results/wallet-topup-bank-en.png' });
    const accountNumber = (await number.textContent())?.trim() ?? '';

    // The bank's notification (the sandbox bank), then "I Have Made The Payment".
    const transfer = await request.post(`/api/sandbox/virtual-accounts/${accountNumber}/transfer`, {
      data: { amount: 750_000 },
    });
    expect(transfer.ok(), await transfer.text()).toBe(true);
    expect(((await transfer.json()) as { credited: boolean }).credited).toBe(true);
    await dialog.getByRole('button', { name: 'I Have Made The Payment' }).click();
    await expect(dialog.getByRole('status')).toHaveText('We are processing your transfer');
    await page.screenshot({ path: 'test-results/wallet-topup-processing-en.png' });
    await dialog.getByRole('button', { name: 'Back to wallet' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(balance(page)).toHaveText('₦7,500.00');
    await expect(page.getByTestId('transaction').first()).toContainText('Bank transfer top-up');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/wallet-mobile-en.png', fullPage: true });

    // The email that says the transfer arrived, sent with its receipt once that is issued.
    await expect
      .poll(async () => (await outbox(request, client.email)).map((item) => item.subject), { timeout: 30_000 })
      .toContain('Your wallet has been topped up');
  });

  test('in German: the pending-payment screen polls until the payment is approved', async ({
    page,
    visit,
    request,
  }) => {
    const client = await newClient(request, 'Lena');
    const headers = { Authorization: `Bearer ${await tokenOf(request, client)}` };
    const started = await request.post('/api/payment/wallet', {
      headers,
      data: { amount: 200_000, callbackUrl: '/de/wallet/' },
    });
    expect(started.ok(), await started.text()).toBe(true);
    const { payment } = (await started.json()) as { payment: { reference: string } };

    await signIn(page, client, '/wallet/');
    await visit('/de/wallet/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Guthaben');
    await page.getByRole('button', { name: 'Guthaben aufladen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Guthaben aufladen' });
    await dialog.getByRole('button', { name: /Kartenzahlung/ }).click();
    await dialog.getByLabel('Betrag (NGN)').pressSequentially('100');
    await dialog.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Der Mindestbetrag für eine Aufladung ist 500 NGN');
    await page.screenshot({ path: 'test-results/wallet-topup-card-de.png' });
    await page.keyboard.press('Escape');

    // Back from a checkout that is still open: the overlay stays while the status is pending.
    await page.goto(`/de/wallet/?trxref=${payment.reference}&reference=${payment.reference}`);
    const overlay = page.getByRole('dialog', { name: 'Wir bearbeiten deine Anfrage' });
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText('Sichere SSL-Zahlung');
    await page.screenshot({ path: 'test-results/wallet-pending-de.png' });
    const approved = await request.post(`/api/sandbox/payments/${payment.reference}/approve`, { data: {} });
    expect(approved.ok(), await approved.text()).toBe(true);
    // The next poll (every 5 s) sees the success.
    await expect(page.getByText('Zahlung erfolgreich!')).toBeVisible({ timeout: 12_000 });
    await expect(overlay).toHaveCount(0);
    await expect(balance(page)).toHaveText(/^2\.000,00\s₦$/);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: 'test-results/wallet-after-card-de.png', fullPage: true });
    await page.getByTestId('transaction').first().getByRole('link').click();
    await page.waitForURL('**/de/wallet/transactions/**');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchungsdetails');
    await page.screenshot({ path: 'test-results/wallet-transaction-de.png', fullPage: true });
  });

  test('providers see earnings and save a payout bank account in the banking of their country (NG, GB, US), in en and de', async ({
    page,
    visit,
  }) => {
    await signIn(page, PROVIDER, '/earnings/');
    await visit('/earnings/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Earnings');
    await expect(page.getByTestId('earnings-available')).toHaveText('₦0.00');
    await expect(page.getByRole('button', { name: 'Request payout' })).toBeDisabled();
    // Nigeria: the bank from the list and the NUBAN, whose check digit must fit that bank.
    await expect(page.getByLabel('Bank', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Sort code')).toHaveCount(0);
    await expect(page.getByLabel('Address')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save bank account' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await page.getByLabel('Account name').fill('Chiamaka Eze');
    await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'Access Bank' });
    await page.getByLabel('Account number (NUBAN)').fill('0123456789');
    await page.getByRole('button', { name: 'Save bank account' }).click();
    await expect(page.getByText('This account number does not belong to the chosen bank')).toBeVisible();
    await page.getByLabel('Account number (NUBAN)').fill('0123456784');
    await page.getByRole('button', { name: 'Save bank account' }).click();
    await expect(page.getByText('Bank account saved')).toBeVisible();
    await page.screenshot({ path: 'test-results/earnings-en.png', fullPage: true });
    await visit('/earnings/history/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Earnings history');
    await visit('/de/earnings/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einnahmen');
    await expect(page.getByLabel('Kontoinhaber')).toHaveValue('Chiamaka Eze');
    await page.screenshot({ path: 'test-results/earnings-de.png', fullPage: true });
    await page.getByTestId('header-sign-out').click();

    // United Kingdom: address, postal code, account type, ownership, date of birth.
    await signIn(page, GB_PROVIDER_NEW_BANK, '/earnings/');
    await expect(page.getByLabel('Address')).toBeVisible();
    await page.getByLabel('Account name').fill('James Reid');
    await page.getByLabel('Bank name').fill('Barclays');
    await page.getByLabel('Sort code').fill('20-00-00');
    await page.getByLabel('Account number').fill('55779911');
    await page.getByRole('button', { name: 'Save bank account' }).click();
    await expect(page.getByText('Choose checking or savings')).toBeVisible();
    await page.getByLabel('Address').fill('221B Baker Street, London');
    await page.getByLabel('Postal code').fill('NW1 6XE');
    await page.getByLabel('Account type').selectOption('checking');
    await page.getByLabel('Account ownership').selectOption('personal');
    await page.getByLabel('Date of birth').fill('1984-06-02');
    await page.getByRole('button', { name: 'Save bank account' }).click();
    await expect(page.getByText('Bank account saved')).toBeVisible();
    await page.screenshot({ path: 'test-results/earnings-gb-en.png', fullPage: true });
    await page.getByTestId('header-sign-out').click();

    // United States: the bank code is the "Routine Number".
    await signIn(page, US_PROVIDER, '/earnings/');
    await expect(page.getByLabel('Routine Number')).toBeVisible();
    await expect(page.getByLabel('Sort code')).toHaveCount(0);
    await page.getByLabel('Account name').fill('R2-D2 <Inc>');
    await page.getByLabel('Routine Number').fill('12');
    await page.getByRole('button', { name: 'Save bank account' }).click();
    await expect(
      page.getByText('Account name must be 3-32 letters, spaces, hyphens, commas, apostrophes or periods'),
    ).toBeVisible();
    await expect(page.getByText('Routine Number must be 9 digits')).toBeVisible();
    await page.screenshot({ path: 'test-results/earnings-us-en.png', fullPage: true });
  });
});
