import type { APIRequestContext } from '@playwright/test';
import { dismissConsent } from './demo';
import { expect, test } from './fixtures';
import { type Account, countryIdentifier, signIn, signUpVerified, submitSignIn, tokenOf } from './helpers';

/**
 * The listing rule through the screens: a provider is in the directory only while approved, with a
 * current insurance, a fee and free times. Without insurance the checklist says so and approval is
 * refused with the missing list; with everything in place approval lists them; deleting the
 * insurance takes them out of the directory at once.
 */

const ADMIN = { email: 'admin@demo.test', password: 'demo-pass-123' };
const PASSWORD = 'calm-river-42';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

const inOneYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

async function uploadInsurance(request: APIRequestContext, headers: Record<string, string>) {
  const answer = await request.post('/api/provider/indemnity-insurance', {
    headers,
    multipart: {
      expiresOn: inOneYear(),
      file: { name: 'indemnity-policy.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { identifier: string }).identifier;
}

async function deleteInsurance(request: APIRequestContext, headers: Record<string, string>, id: string) {
  const answer = await request.delete(`/api/provider/indemnity-insurance/${id}`, { headers });
  expect(answer.status(), await answer.text()).toBe(200);
}

test.describe('the listing rule', () => {
  test('no insurance: checklist and refused approval; with it: approved and listed; deleted: gone', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    // Letters only (names refuse digits), unique per run so the directory search finds just her.
    const unique = Date.now()
      .toString(36)
      .replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x');
    const lastName = `O'Connor-Bello${unique}`;
    const provider: Account = { email: `listing.${Date.now()}@example.com`, password: PASSWORD };
    await signUpVerified(request, {
      userType: 'provider',
      email: provider.email,
      confirmEmail: provider.email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      countryIdentifier: await countryIdentifier(request, 'NG'),
      agreeToTerms: true,
      firstName: 'Zainab',
      lastName,
    });
    const headers = { Authorization: `Bearer ${await tokenOf(request, provider)}` };
    const login = (await (await request.post('/api/user/login', { data: provider })).json()) as {
      user: { identifier: string };
    };
    const providerId = login.user.identifier;

    // Documents submitted with an insurance, which the provider then deletes.
    const licence = await request.post('/api/provider/qualification/file/upload', {
      headers,
      multipart: {
        type: 'license',
        body: 'Medical and Dental Council of Nigeria',
        credentialNumber: 'MDCN/12-345',
        files: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF },
      },
    });
    expect(licence.status(), await licence.text()).toBe(201);
    const first = await uploadInsurance(request, headers);
    const submitted = await request.put('/api/provider/verification-submission', { headers });
    expect(submitted.ok(), await submitted.text()).toBe(true);
    await deleteInsurance(request, headers, first);

    // The provider's overview: the checklist names the insurance as missing, with a link.
    await signIn(page, provider, '/overview/');
    const checklist = page.getByTestId('listing-checklist');
    await expect(checklist).toHaveAttribute('data-live', 'false');
    await expect(checklist.getByTestId('listing-insurance')).toHaveAttribute('data-done', 'false');
    await expect(checklist.getByTestId('listing-fix-insurance')).toHaveText('Upload your insurance');
    await page.screenshot({ path: 'test-results/listing-checklist-en-1280.png', fullPage: true });

    // The operator's approval is refused with the missing list; the review page shows it too.
    const operatorContext = await browser.newContext({ baseURL });
    const operator = await operatorContext.newPage();
    await operator.goto(`/login/?redirect=${encodeURIComponent(`/admin/providers/${providerId}/`)}`);
    await dismissConsent(operator);
    await submitSignIn(operator, ADMIN);
    await operator.waitForURL((url) => url.pathname === `/admin/providers/${providerId}/`);
    const review = operator.getByTestId('listing-checklist');
    await expect(review.getByTestId('listing-insurance')).toHaveAttribute('data-done', 'false');
    await operator.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(
      operator.getByText(/This provider cannot go live yet\. Still missing: .*a current indemnity insurance/),
    ).toBeVisible();
    const refused = await request.get(`/api/providers/${providerId}`);
    expect(refused.status()).toBe(404);

    // Insurance, fee and free times in place: approved, and in the directory.
    await uploadInsurance(request, headers);
    const hours = await request.post('/api/provider-availability/days/recurring', {
      headers,
      data: {
        days: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
          dayOfWeek,
          isAvailable: true,
          timeslotIntervals: [{ startTime: '09:00', endTime: '17:00' }],
        })),
      },
    });
    expect(hours.ok(), await hours.text()).toBe(true);
    const fee = await request.post('/api/provider/booking-fee/general', {
      headers,
      data: { fee: 1_500_000, isFree: false },
    });
    expect(fee.ok(), await fee.text()).toBe(true);
    await operator.reload();
    await operator.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(operator.getByText('Provider approved')).toBeVisible();
    await expect(operator.getByTestId('listing-checklist')).toHaveAttribute('data-live', 'true');
    await operatorContext.close();

    const search = `/providers/?country=all&q=${encodeURIComponent(lastName)}`;
    await page.goto(search);
    await expect(page.getByText(`Zainab ${lastName}`).first()).toBeVisible();
    const directoryApi = `/api/providers?countryCode=NG&q=${encodeURIComponent(lastName)}`;
    expect(JSON.stringify(await (await request.get(directoryApi)).json())).toContain(providerId);

    // The provider deletes the insurance: out of the directory at once, and the checklist says why.
    const insurance = (await (await request.get('/api/provider/indemnity-insurance', { headers })).json()) as {
      data: { identifier: string }[];
    };
    expect(insurance.data).toHaveLength(1);
    for (const item of insurance.data) await deleteInsurance(request, headers, item.identifier);
    // The directory's answers change at once; its public page is a shared render kept 30 seconds.
    expect((await request.get(`/api/providers/${providerId}`)).status()).toBe(404);
    const found = await request.get(directoryApi);
    expect(found.status()).toBe(200);
    expect(JSON.stringify(await found.json())).not.toContain(providerId);
    await expect
      .poll(
        async () => {
          await page.goto(search);
          return page.getByText(`Zainab ${lastName}`).count();
        },
        { timeout: 60_000, intervals: [5_000] },
      )
      .toBe(0);
    await page.goto('/overview/');
    await expect(page.getByTestId('listing-checklist').getByTestId('listing-insurance')).toHaveAttribute(
      'data-done',
      'false',
    );
    await expect(page.getByTestId('listing-checklist').getByTestId('listing-approval')).toHaveAttribute(
      'data-done',
      'true',
    );
  });
});
