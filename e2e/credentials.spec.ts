import { expect, test } from './fixtures';
import { countryIdentifier, signIn, signUpVerified } from './helpers';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

function inOneYear(): string {
  return new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
}

test.describe('provider credentials', () => {
  test('a new provider uploads a licence and insurance, adds work history and submits for review', async ({
    page,
    visit,
    request,
  }) => {
    const account = { email: `credentials.${Date.now()}@example.com`, password: 'calm-river-42' };
    // Only operating countries: France is refused.
    const france = await request.post('/api/user/register', {
      data: {
        userType: 'provider',
        email: account.email,
        confirmEmail: account.email,
        password: account.password,
        countryIdentifier: await countryIdentifier(request, 'FR'),
        agreeToTerms: true,
      },
    });
    expect(france.status()).toBe(400);
    await signUpVerified(request, {
      userType: 'provider',
      email: account.email,
      confirmEmail: account.email,
      password: account.password,
      countryIdentifier: await countryIdentifier(request, 'NG'),
      agreeToTerms: true,
    });

    await signIn(page, account, '/my-credentials/');
    await visit('/my-credentials/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My credentials');
    await expect(page.getByTestId('verification-status')).toHaveText('Not submitted');

    // Submitting too early names what is missing.
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByRole('dialog', { name: 'Document review notice' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText(/Your documents cannot be submitted yet/)).toBeVisible();

    // The licence: tabs are keyboard-usable.
    await page.getByRole('tab', { name: 'Licence' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Education' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'Add Licence' }).click();
    const licence = page.getByRole('dialog', { name: 'Upload Licence' });
    await licence.getByLabel('Governing board or association').fill('Medical and Dental Council of Nigeria');
    await licence.getByLabel('Credential number').fill('MDCN/12-345');
    await licence
      .getByLabel('Files')
      .setInputFiles({ name: 'practising-licence-2027.pdf', mimeType: 'application/pdf', buffer: PDF });
    await licence.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('File Upload Successful')).toBeVisible();
    await expect(page.getByText('practising...')).toBeVisible();

    // Preview in an embedded frame.
    await page.getByRole('button', { name: 'Preview: practising-licence-2027.pdf' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview files' });
    await expect(preview.locator('iframe')).toBeVisible();
    // Close with the button: Escape would reach the PDF viewer when the frame has taken focus.
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toBeHidden();

    // Indemnity insurance with its expiry.
    await page.getByRole('button', { name: 'Upload insurance' }).click();
    const insurance = page.getByRole('dialog', { name: 'Upload insurance' });
    await insurance
      .getByLabel('Insurance document')
      .setInputFiles({ name: 'policy.pdf', mimeType: 'application/pdf', buffer: PDF });
    await insurance.getByLabel('Expiry date').fill(inOneYear());
    await insurance.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(/^Expires /)).toBeVisible();

    // Work history: currently works here hides the end date.
    await page.getByRole('button', { name: 'Add work experience' }).click();
    const work = page.getByRole('dialog', { name: 'Add work experience' });
    await work.getByLabel('Company name').fill('Lagos Wellness Clinic');
    await work.getByLabel('Job title').fill('Clinical psychologist');
    await work.getByLabel('Start date').fill('2019-04');
    await work.getByLabel('I currently work here').check();
    await expect(work.getByLabel('End date')).toHaveCount(0);
    await work.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Work History Saved')).toBeVisible();
    await expect(page.getByText('Clinical psychologist · Lagos Wellness Clinic')).toBeVisible();

    await page.screenshot({ path: 'test-results/credentials-before-submit.png', fullPage: true });
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('dialog', { name: 'Document review notice' }).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('verification-status')).toHaveText('Under review');
    await expect(page.getByText('Your documents were submitted for review.')).toBeVisible();

    // German, at phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await visit('/de/my-credentials/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Nachweise');
    await expect(page.getByTestId('verification-status')).toHaveText('In Prüfung');
    await page.screenshot({ path: 'test-results/credentials-de-phone.png', fullPage: true });
  });
});
