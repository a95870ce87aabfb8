import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { PROVIDER, paidSession, topUp, US_PROVIDER } from './demo';
import { expect, test } from './fixtures';
import { type Account, countryIdentifier, signIn, signUpVerified, tokenOf } from './helpers';

const PASSWORD = 'calm-river-42';

/** A fresh, verified client (sign-up and email link through the API). */
async function newClient(request: APIRequestContext, country: 'NG' | 'US', firstName: string, lastName: string) {
  const email = `documents.${Date.now()}.${Math.floor(Math.random() * 1000)}@example.com`;
  await signUpVerified(request, {
    userType: 'client',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName,
    lastName,
    // Sign-up takes digits only and names without hyphens or apostrophes (for now).
    phoneNumber: country === 'US' ? '+14155550134' : '+2348012345678',
    countryIdentifier: await countryIdentifier(request, country),
    agreeToTerms: true,
  });
  return { email, password: PASSWORD } satisfies Account;
}

/** Clicks a download control and answers the saved file's name and text. */
async function downloadPdf(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = await readFile((await (download as Download).path()) as string);
  // Kept beside the screenshots, to look at the pages (pdftoppm).
  await download.saveAs(
    `test-results/documents-${page.url().includes('/de/') ? 'de' : 'en'}-${download.suggestedFilename()}`,
  );
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return { name: download.suggestedFilename(), text: text.replace(/[\u00a0\u202f\s]+/g, ' ') };
}

/** Screenshots of the screen at desktop and phone widths. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/documents-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('receipts, invoices, superbills and statements', () => {
  test('a client downloads the invoice of a paid session, in English and German', async ({ page, visit, request }) => {
    test.setTimeout(120_000);
    const client = await newClient(request, 'NG', 'Chiamaka', 'Nwosu');
    await topUp(request, await tokenOf(request, client), 5_000_000);
    const bookingId = await paidSession(request, client, PROVIDER);

    await signIn(page, client, `/appointments/${bookingId}/`);
    await visit(`/appointments/${bookingId}/`);
    const documents = page.getByRole('region', { name: 'Receipts and invoices' });
    await expect(documents.getByText(/^Invoice INV-/)).toBeVisible();
    await expect(documents.getByText(/^Receipt RC-/)).toBeVisible();
    await shoot(page, 'appointment-client-en');
    const invoice = await downloadPdf(page, () =>
      documents.getByRole('button', { name: /^Download Invoice INV-/ }).click(),
    );
    expect(invoice.name).toMatch(/^INV-[0-9A-F]{8}-\d{4}-\d{4}\.pdf$/);
    expect(invoice.text).toContain('Invoice');
    expect(invoice.text).toContain('Chiamaka Nwosu');
    expect(invoice.text).toContain('Dr Chiamaka Eze');
    expect(invoice.text).toContain(invoice.name.replace('.pdf', ''));
    expect(invoice.text).toMatch(/₦\d{1,3}(,\d{3})*\.\d{2}/);

    await visit(`/de/appointments/${bookingId}/`);
    const german = page.getByRole('region', { name: 'Quittungen und Rechnungen' });
    await expect(german.getByText(/^Rechnung INV-/)).toBeVisible();
    await shoot(page, 'appointment-client-de');
    const rechnung = await downloadPdf(page, () =>
      german.getByRole('button', { name: /^Rechnung INV-.* herunterladen/ }).click(),
    );
    expect(rechnung.text).toContain('Rechnung');
    expect(rechnung.text).toContain('Rechnung an'.toUpperCase());
    expect(rechnung.text).toMatch(/\d{1,3}(\.\d{3})*,\d{2} ₦/);

    // The wallet's top-up has its receipt on the transaction's screen.
    await visit('/wallet/');
    await page.getByTestId('transaction').filter({ hasText: 'Card top-up' }).first().getByRole('link').click();
    await page.waitForURL('**/wallet/transactions/**');
    const receipts = page.getByRole('region', { name: 'Receipts and invoices' });
    await expect(receipts.getByText(/^Receipt RC-/)).toBeVisible();
    await shoot(page, 'wallet-transaction-en');
    await visit(new URL(page.url()).pathname.replace('/wallet/', '/de/wallet/'));
    await expect(
      page.getByRole('region', { name: 'Quittungen und Rechnungen' }).getByText(/^Quittung RC-/),
    ).toBeVisible();
    await shoot(page, 'wallet-transaction-de');
  });

  test('a US provider records the diagnosis and a US client downloads the superbill', async ({
    page,
    visit,
    request,
  }) => {
    test.setTimeout(120_000);
    const client = await newClient(request, 'US', 'Seán', 'Byrne');
    await topUp(request, await tokenOf(request, client), 100_000);
    const bookingId = await paidSession(request, client, US_PROVIDER, 'couples-therapy');

    // The provider: NPI and licence on the account screen, the session's codes on the appointment.
    await signIn(page, US_PROVIDER, '/account/');
    await visit('/account/');
    const billing = page.getByRole('region', { name: 'Invoices and superbills' });
    await billing.getByLabel('NPI (National Provider Identifier)').fill('1234567890');
    await billing.getByRole('button', { name: 'Save billing details' }).click();
    await expect(billing.getByRole('alert')).toHaveText('Enter a valid 10-digit NPI');
    await billing.getByLabel('NPI (National Provider Identifier)').fill('1234567893');
    await billing.getByLabel('Licence number').fill('LMFT 98765');
    await billing.getByLabel('Licence state').selectOption({ label: 'California' });
    await billing.getByRole('button', { name: 'Save billing details' }).click();
    await expect(page.getByText('Data saved successfully')).toBeVisible();
    await shoot(page, 'account-billing-en');
    await visit('/de/account/');
    await expect(
      page.getByRole('region', { name: 'Rechnungen und Superbills' }).getByLabel('Zulassungsnummer'),
    ).toHaveValue('LMFT 98765');
    await shoot(page, 'account-billing-de');
    await visit(`/appointments/${bookingId}/`);
    const diagnosis = page.getByRole('region', { name: 'Superbill details' });
    await diagnosis.getByLabel('Diagnosis codes (ICD-10)').fill('f411, Z63.0');
    await diagnosis.getByRole('button', { name: 'Save superbill details' }).click();
    await expect(page.getByText('Superbill details saved')).toBeVisible();
    await expect(diagnosis.getByLabel('Diagnosis codes (ICD-10)')).toHaveValue('F41.1, Z63.0');
    await shoot(page, 'appointment-provider-diagnosis-en');
    await visit(`/de/appointments/${bookingId}/`);
    await expect(page.getByRole('region', { name: 'Angaben für die Superbill' })).toBeVisible();
    await shoot(page, 'appointment-provider-diagnosis-de');
    await page.context().clearCookies();

    await signIn(page, client, `/appointments/${bookingId}/`);
    await visit(`/appointments/${bookingId}/`);
    const superbill = page.getByRole('region', { name: 'Superbill for your insurer' });
    await shoot(page, 'appointment-superbill-en');
    const file = await downloadPdf(page, () =>
      superbill.getByRole('button', { name: 'Download superbill (PDF)' }).click(),
    );
    expect(file.name).toMatch(/^superbill-INV-.*\.pdf$/);
    expect(file.text).toContain('Superbill');
    expect(file.text).toContain('Seán Byrne');
    expect(file.text).toContain('NPI: 1234567893');
    expect(file.text).toContain('LMFT 98765 (CA)');
    expect(file.text).toContain('90847');
    expect(file.text).toContain('F41.1, Z63.0');
    expect(file.text).toContain('$150.00');
    const month = await downloadPdf(page, () =>
      superbill.getByRole('button', { name: "Download this month's superbill (PDF)" }).click(),
    );
    expect(month.text).toContain('Period');
    expect(month.text).toContain('90847');
    await visit(`/de/appointments/${bookingId}/`);
    await expect(page.getByRole('region', { name: 'Superbill für deine Versicherung' })).toBeVisible();
    await shoot(page, 'appointment-superbill-de');
  });

  test('a provider downloads the monthly statement as PDF and CSV, in English and German', async ({ page, visit }) => {
    await signIn(page, PROVIDER, '/earnings/');
    await visit('/earnings/');
    const statement = page.getByRole('region', { name: 'Monthly statement' });
    await expect(statement.getByLabel('Month')).toHaveValue(/^\d{4}-\d{2}$/);
    await shoot(page, 'earnings-en');
    const pdf = await downloadPdf(page, () => statement.getByRole('button', { name: 'Download PDF' }).click());
    expect(pdf.name).toMatch(/^statement-\d{4}-\d{2}\.pdf$/);
    expect(pdf.text).toContain('Monthly statement');
    expect(pdf.text).toContain('Commission');
    expect(pdf.text).toContain('Dr Chiamaka Eze'.replace('Dr ', ''));
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      statement.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}\.csv$/);
    const rows = (await readFile((await csv.path()) as string, 'utf8')).trim().split('\n');
    expect(rows[0]).toContain('type,date,reference,client,service,gross,commission,net,payout,status,currency');

    await visit('/de/earnings/');
    const monatlich = page.getByRole('region', { name: 'Monatsabrechnung' });
    await shoot(page, 'earnings-de');
    const german = await downloadPdf(page, () => monatlich.getByRole('button', { name: 'PDF herunterladen' }).click());
    expect(german.text).toContain('Monatsabrechnung');
    expect(german.text).toContain('Provision');
  });
});
