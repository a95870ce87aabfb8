import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { dismissConsent } from './demo';
import { expect, test } from './fixtures';
import { type Account, countryIdentifier, outbox, signIn, signUpVerified, tokenOf } from './helpers';

/**
 * A provider's CSV import never tells who has an account: the answer, the report and the client
 * list read the same for a registered client's address and an unknown one. The registered client
 * is invited inside their account (the invitations page and an email in their language) and the
 * relation starts only when they accept; a client who declines stays as unconnected as someone
 * without an account, and the provider is not told.
 */

const ADMIN = { email: 'admin@demo.test', password: 'demo-pass-123' };
const PASSWORD = 'calm-river-42';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const PROVIDER_NAME = "Zainab O'Connor-Bello";

interface Person extends Account {
  firstName: string;
  lastName: string;
}

/** A provider who signed up, sent a licence and an insurance, set hours and a fee, and was approved. */
async function approvedProvider(request: APIRequestContext, account: Account) {
  await signUpVerified(request, {
    userType: 'provider',
    email: account.email,
    confirmEmail: account.email,
    password: account.password,
    confirmPassword: account.password,
    countryIdentifier: await countryIdentifier(request, 'NG'),
    agreeToTerms: true,
    firstName: 'Zainab',
    lastName: "O'Connor-Bello",
  });
  const headers = {
    Authorization: `Bearer ${await tokenOf(request, account)}`,
  };
  const sent = [
    await request.post('/api/provider/qualification/file/upload', {
      headers,
      multipart: {
        type: 'license',
        body: 'Medical and Dental Council of Nigeria',
        credentialNumber: 'MDCN/12-345',
        files: {
          name: 'licence.pdf',
          mimeType: 'application/pdf',
          buffer: PDF,
        },
      },
    }),
    await request.post('/api/provider/indemnity-insurance', {
      headers,
      multipart: {
        expiresOn: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
        file: {
          name: 'indemnity-policy.pdf',
          mimeType: 'application/pdf',
          buffer: PDF,
        },
      },
    }),
    await request.put('/api/provider/verification-submission', { headers }),
    await request.post('/api/provider-availability/days/recurring', {
      headers,
      data: {
        days: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
          dayOfWeek,
          isAvailable: true,
          timeslotIntervals: [{ startTime: '09:00', endTime: '17:00' }],
        })),
      },
    }),
    await request.post('/api/provider/booking-fee/general', {
      headers,
      data: { fee: 1_500_000, isFree: false },
    }),
  ];
  for (const answer of sent) expect(answer.ok(), await answer.text()).toBe(true);
  const login = (await (await request.post('/api/user/login', { data: account })).json()) as {
    user: { identifier: string };
  };
  const approved = await request.post(`/api/admin/providers/${login.user.identifier}/approve`, {
    headers: { Authorization: `Bearer ${await tokenOf(request, ADMIN)}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

/** A verified client account, in `language` (the language its emails are written in). */
async function registeredClient(request: APIRequestContext, person: Person, language: 'en' | 'de' = 'en') {
  await signUpVerified(
    request,
    {
      userType: 'client',
      email: person.email,
      password: person.password,
      confirmPassword: person.password,
      firstName: person.firstName,
      lastName: person.lastName,
      phoneNumber: '+234 803 123 4567',
      agreeToTerms: true,
      countryIdentifier: await countryIdentifier(request, 'NG'),
    },
    { 'x-language': language },
  );
}

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

/** A row of an answer without what the provider typed (name, email) and `key`, which differs per row. */
function withoutTyped(row: Record<string, unknown> | undefined, key: string): Record<string, unknown> {
  expect(row).toBeDefined();
  const typed = new Set(['firstName', 'lastName', 'email', key]);
  return Object.fromEntries(Object.entries(row ?? {}).filter(([field]) => !typed.has(field)));
}

/** What the provider's list shows of one person, apart from what the provider typed and its initials. */
async function shownOf(list: Locator, person: { email: string; firstName: string; lastName: string }) {
  const row = list.getByRole('listitem').filter({ hasText: person.email });
  await expect(row).toHaveCount(1);
  const [, ...lines] = (await row.innerText()).split('\n');
  return lines.filter((line) => ![person.email, `${person.firstName} ${person.lastName}`].includes(line.trim()));
}

test.describe('client invitations', () => {
  test('an import reads the same for everyone; only an accepted invitation connects', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const run = Date.now();
    const provider: Account = {
      email: `inviting.${run}@example.com`,
      password: PASSWORD,
    };
    const maya: Person = {
      email: `maya.opatel.${run}@example.com`,
      password: PASSWORD,
      firstName: 'Maya',
      lastName: "O'Patel",
    };
    const jeanLuc: Person = {
      email: `jean-luc.${run}@example.com`,
      password: PASSWORD,
      firstName: 'Jean-Luc',
      lastName: 'Adébáyọ̀',
    };
    const lena: Person = {
      email: `lena.mueller.${run}@example.com`,
      password: PASSWORD,
      firstName: 'Lena',
      lastName: 'Müller-Lüdenscheidt',
    };
    const stranger = {
      email: `siobhan.ni-bhriain.${run}@example.com`,
      firstName: 'Siobhán',
      lastName: "Ní Bhriain-D'Arcy",
    };
    await approvedProvider(request, provider);
    await registeredClient(request, maya);
    await registeredClient(request, jeanLuc);
    await registeredClient(request, lena, 'de');

    // The provider imports all four from a CSV file (a phone column the import does not read).
    const csv = [
      'First name,Last name,Email,Phone',
      ...[maya, stranger, jeanLuc, lena].map(
        (person) => `${person.firstName},"${person.lastName}",${person.email.toUpperCase()},+234 803 555 0101`,
      ),
    ].join('\n');
    await signIn(page, provider, '/clients/imported/');
    await dismissConsent(page);
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({
      name: 'clients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByText('4 rows: 4 ready, 0 invalid, 0 duplicates')).toBeVisible();
    await page.getByLabel('Send each new client an invitation email').check();
    const committed = page.waitForResponse(
      (response) => response.url().includes('/api/clients/import/csv') && response.request().method() === 'POST',
    );
    await page.getByTestId('csv-commit').click();
    const answer = (await (await committed).json()) as {
      rows: Array<Record<string, unknown> & { email: string }>;
      counts: { imported: number; invited: number };
    };
    expect(answer.counts).toMatchObject({ imported: 4, invited: 4 });
    // The answer's rows differ only in what the provider typed (line, name, email).
    const answered = (email: string) =>
      withoutTyped(
        answer.rows.find((item) => item.email === email),
        'line',
      );
    for (const person of [maya, jeanLuc, lena]) expect(answered(person.email)).toEqual(answered(stranger.email));
    await expect(page.getByRole('status').getByText('4 clients imported.')).toBeVisible();
    const report = page.getByTestId('csv-report');
    for (const person of [maya, stranger, jeanLuc, lena]) {
      const cells = report.getByRole('row').filter({ hasText: person.email }).getByRole('cell');
      await expect(cells.nth(1)).toHaveText(`${person.firstName} ${person.lastName}`);
      await expect(cells.nth(3)).toHaveText('Imported');
      await expect(cells.nth(4)).toHaveText('');
    }

    // The client list: everyone reads "Not connected yet", with nothing else that differs.
    await page.goto('/clients/');
    const list = page.getByTestId('client-list');
    await expect(list.getByRole('listitem')).toHaveCount(4);
    const unconnected = await shownOf(list, stranger);
    expect(unconnected).toContain('Not connected yet');
    for (const person of [maya, jeanLuc, lena]) expect(await shownOf(list, person)).toEqual(unconnected);
    await page.screenshot({
      path: 'test-results/client-invitations-provider-list-en-1280.png',
      fullPage: true,
    });

    // Maya: the invitation email in English, and the invitation in her account; she accepts.
    let email: { subject: string; text: string } | undefined;
    await expect
      .poll(async () => {
        email = (await outbox(request, maya.email)).find((item) => item.template === 'clients.invitation');
        return email?.subject;
      })
      .toBe(`${PROVIDER_NAME} invites you to be their client`);
    expect(email?.text).toContain('Hello Maya');
    expect(email?.text).toContain('/client-invitations/');
    // Whoever has no account is asked to create one, in the language of the import.
    await expect
      .poll(async () => (await outbox(request, stranger.email)).map((item) => item.template))
      .toEqual(['clients.invite']);

    const mayaPage = await newPage(browser, baseURL);
    await signIn(mayaPage, maya, '/client-invitations/');
    await dismissConsent(mayaPage);
    await mayaPage.setViewportSize({ width: 390, height: 844 });
    await expect(mayaPage.getByRole('heading', { name: 'Invitations from therapists' })).toBeVisible();
    await expect(mayaPage.getByText(PROVIDER_NAME)).toBeVisible();
    await mayaPage.screenshot({
      path: 'test-results/client-invitations-en-390.png',
      fullPage: true,
    });
    await mayaPage.getByRole('button', { name: `Accept: ${PROVIDER_NAME}` }).click();
    await expect(mayaPage.getByText('Invitation accepted')).toBeVisible();
    await expect(mayaPage.getByText('No open invitations.')).toBeVisible();
    await mayaPage.context().close();

    // Jean-Luc declines.
    const jeanLucPage = await newPage(browser, baseURL);
    await signIn(jeanLucPage, jeanLuc, '/client-invitations/');
    await dismissConsent(jeanLucPage);
    await jeanLucPage.getByRole('button', { name: `Decline: ${PROVIDER_NAME}` }).click();
    await expect(jeanLucPage.getByText('Invitation declined')).toBeVisible();
    await expect(jeanLucPage.getByText('No open invitations.')).toBeVisible();
    await jeanLucPage.context().close();

    // Lena reads hers in German (the email too) and accepts there.
    await expect
      .poll(
        async () => (await outbox(request, lena.email)).find((item) => item.template === 'clients.invitation')?.subject,
      )
      .toBe(`${PROVIDER_NAME} lädt dich ein, Klient:in zu werden`);
    const lenaPage = await newPage(browser, baseURL);
    await signIn(lenaPage, lena, '/client-invitations/');
    await dismissConsent(lenaPage);
    await lenaPage.goto('/de/client-invitations/');
    await expect(
      lenaPage.getByRole('heading', {
        name: 'Einladungen von Therapeut:innen',
      }),
    ).toBeVisible();
    await lenaPage.screenshot({
      path: 'test-results/client-invitations-de-1280.png',
      fullPage: true,
    });
    await lenaPage.getByRole('button', { name: `Annehmen: ${PROVIDER_NAME}` }).click();
    await expect(lenaPage.getByText('Einladung angenommen')).toBeVisible();
    await expect(lenaPage.getByText('Keine offenen Einladungen.')).toBeVisible();
    await lenaPage.context().close();

    // The provider's list: Maya and Lena connected; Jean-Luc reads exactly like the stranger.
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(4);
    for (const person of [maya, lena]) {
      const shown = await shownOf(list, person);
      expect(shown).not.toContain('Not connected yet');
      expect(shown).toContain('Imported');
    }
    expect(await shownOf(list, stranger)).toEqual(unconnected);
    expect(await shownOf(list, jeanLuc)).toEqual(unconnected);
    const providerHeaders = {
      Authorization: `Bearer ${await tokenOf(request, provider)}`,
    };
    const clients = (await (await request.get('/api/clients', { headers: providerHeaders })).json()) as {
      data: Array<Record<string, unknown> & { email: string; hasAccount: boolean }>;
    };
    const byEmail = new Map(clients.data.map((client) => [client.email, client]));
    expect(byEmail.get(maya.email)?.hasAccount).toBe(true);
    expect(byEmail.get(lena.email)?.hasAccount).toBe(true);
    // The record's id stands for the person until they connect: apart from it and what was typed, the same.
    const declined = withoutTyped(byEmail.get(jeanLuc.email), 'identifier');
    expect(declined).toEqual(withoutTyped(byEmail.get(stranger.email), 'identifier'));
    expect(declined).toMatchObject({
      hasAccount: false,
      imported: true,
      booked: false,
    });
    await page.screenshot({
      path: 'test-results/client-invitations-provider-after-en-1280.png',
      fullPage: true,
    });
  });
});
