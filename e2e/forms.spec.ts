import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { dismissConsent, topUp, weekdayFrom } from './demo';
import { expect, expectAccessible, test } from './fixtures';
import {
  type Account,
  countryIdentifier,
  dateIn,
  dayMonthYear,
  showMonthOf,
  signUpVerified,
  submitSignIn,
  tokenOf,
} from './helpers';

/**
 * Intake forms and outcome measures, end to end, in English and German: a new provider builds an
 * intake questionnaire and sends it and PHQ-9 to every new client; a new client books and pays,
 * is told of both, fills them on a phone with the keyboard alone (PHQ-9 item 9 above "not at
 * all": their country's crisis lines), is refused by the room until they sign the consent, and
 * signs it; the provider sees the urgent flag first and the score on the client's chart.
 * Every person is new to this test, so it neither needs nor changes another journey's data.
 */

const ADMIN = { email: 'admin@demo.test', password: 'demo-pass-123' };
const PASSWORD = 'calm-river-42';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

const JOURNEYS = [
  {
    lang: 'en' as const,
    prefix: '',
    country: 'NG',
    state: 'NG-LA',
    zone: 'Africa/Lagos',
    fee: 1_500_000,
    phone: '+234 803 123 4567',
    provider: { firstName: 'Ngozi-Grace', lastName: "O'Donnell-Eze" },
    client: { firstName: 'Chidi', lastName: "N'Diaye-Okonkwo" },
    // Nigeria's lines, and none of another country's (the US 988).
    crisisLines: ['112', '0908 021 7555'],
    otherLine: '988',
    words: {
      formTitle: 'Title',
      questionLabel: 'Question',
      required: 'The client must answer',
      addQuestion: 'Add a question',
      kind: 'Kind of answer',
      yesNo: 'Yes or no',
      save: 'Save',
      saved: 'Saved as version 1.',
      assignForm: 'Questionnaire',
      add: 'Add',
      added: 'Added. New clients will get it.',
      phq9Title: 'Patient Health Questionnaire (PHQ-9)',
      intakeTitle: 'Before we meet',
      nameQuestion: 'What should I call you?',
      medsQuestion: 'Do you take any medication?',
      assigned: 'sent you a questionnaire to fill in before your session.',
      fill: 'Fill in',
      submit: 'Submit answers',
      thanks: 'Thank you. Your answers were sent to',
      crisisTitle: 'If you are thinking about hurting yourself, please reach out now',
      consentLabel: 'Your telehealth consent and practice policy',
      consentSave: 'Save as new version',
      refused: "Before you can join, please read and sign your therapist's telehealth consent and practice policy.",
      signLink: 'Read and sign the consent',
      fullName: 'Your full name',
      sign: 'Sign',
      video: 'Video Session',
      continueToTime: 'Continue to choose a time',
      continueToPay: 'Continue to payment',
      payWallet: /^Pay .+ from wallet$/,
      confirmed: 'Your appointment is confirmed',
      nextMonth: 'Next month',
      urgent: 'Needs attention today',
      urgentNotice: "A client's answers to a questionnaire need your attention today.",
      submissions: 'New submissions',
      chart: 'PHQ-9 scores over time',
      band: 'Moderately severe',
    },
  },
  {
    lang: 'de' as const,
    prefix: '/de',
    country: 'DE',
    state: 'DE-BE',
    zone: 'Europe/Berlin',
    fee: 9_000,
    phone: '+49 30 1234 5678',
    provider: { firstName: 'Anne-Marie', lastName: 'Groß-Thießen' },
    client: { firstName: 'Jürgen', lastName: 'Müller-Lüdenscheidt' },
    crisisLines: ['112', '0800 111 0 111', '0800 111 0 222'],
    otherLine: '988',
    words: {
      formTitle: 'Titel',
      questionLabel: 'Frage',
      required: 'Muss beantwortet werden',
      addQuestion: 'Frage hinzufügen',
      kind: 'Art der Antwort',
      yesNo: 'Ja oder Nein',
      save: 'Speichern',
      saved: 'Als Fassung 1 gespeichert.',
      assignForm: 'Fragebogen',
      add: 'Hinzufügen',
      added: 'Hinzugefügt. Neue Klient:innen bekommen ihn.',
      phq9Title: 'Gesundheitsfragebogen für Patienten (PHQ-9)',
      intakeTitle: 'Bevor wir uns sehen',
      nameQuestion: 'Wie darf ich dich nennen?',
      medsQuestion: 'Nimmst du Medikamente?',
      assigned: 'hat dir einen Fragebogen geschickt, den du vor deiner Sitzung ausfüllen kannst.',
      fill: 'Ausfüllen',
      submit: 'Antworten abschicken',
      thanks: 'Danke. Deine Antworten wurden an',
      crisisTitle: 'Wenn du daran denkst, dir etwas anzutun, melde dich bitte jetzt',
      consentLabel: 'Deine Einwilligung zur Online-Therapie und Praxisrichtlinien',
      consentSave: 'Als neue Fassung speichern',
      refused:
        'Bevor du teilnehmen kannst, lies bitte die Einwilligung zur Online-Therapie und die Praxisrichtlinien deiner Therapeutin bzw. deines Therapeuten und unterschreibe sie.',
      signLink: 'Einwilligung lesen und unterschreiben',
      fullName: 'Dein vollständiger Name',
      sign: 'Unterschreiben',
      video: 'Videositzung',
      continueToTime: 'Weiter zur Terminwahl',
      continueToPay: 'Weiter zur Zahlung',
      payWallet: /^.+ mit Guthaben bezahlen$/,
      confirmed: 'Dein Termin ist bestätigt',
      nextMonth: 'Nächster Monat',
      urgent: 'Braucht heute Aufmerksamkeit',
      urgentNotice: 'Die Antworten einer Klientin oder eines Klienten brauchen heute deine Aufmerksamkeit.',
      submissions: 'Neue Antworten',
      chart: 'PHQ-9-Punktwerte im Verlauf',
      band: 'Mittelschwer bis schwer',
    },
  },
];
type Journey = (typeof JOURNEYS)[number];

/** A unique address per run and person. */
const address = (who: string, lang: string) =>
  `forms.${who}.${lang}.${Date.now()}.${Math.floor(Math.random() * 10_000)}@example.com`;

type Option = { identifier: string; key: string };

/**
 * A provider new to this run, approved and bookable: signed up and verified, their practice
 * (video sessions of individual therapy), fee and weekday hours, a licence and insurance, and the
 * operator's approval, all through the API.
 */
async function newProvider(request: APIRequestContext, journey: Journey): Promise<Account & { id: string }> {
  const account = { email: address('provider', journey.lang), password: PASSWORD };
  const country = await countryIdentifier(request, journey.country);
  await signUpVerified(
    request,
    {
      userType: 'provider',
      email: account.email,
      confirmEmail: account.email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...journey.provider,
      countryIdentifier: country,
      timezone: journey.zone,
      agreeToTerms: true,
    },
    { 'X-Language': journey.lang },
  );
  const login = await (await request.post('/api/user/login', { data: account })).json();
  const headers = { Authorization: `Bearer ${login.token as string}` };
  const lists = (await (await request.get('/api/preferences')).json()) as Record<string, Option[]>;
  const option = (list: string, key: string) => lists[list]?.find((item) => item.key === key)?.identifier;
  const states = (await (await request.get(`/api/region/country/code/${journey.country}/states`)).json()) as {
    identifier: string;
    code: string;
  }[];
  const setup = await request.post('/api/provider/setup', {
    headers,
    data: {
      countryIdentifier: country,
      stateIdentifier: states.find((state) => state.code === journey.state)?.identifier,
      title: 'Dr',
      gender: 'female',
      officeAddress: '12 Admiralty Way',
      zipCode: '10115',
      therapyIdentifiers: [option('therapy', 'individual-therapy')],
      modalityIdentifiers: [option('modality', 'video-session')],
      specialityIdentifiers: [option('specialities', 'anxiety')],
    },
  });
  expect(setup.ok(), await setup.text()).toBe(true);
  const fee = await request.post('/api/provider/booking-fee/general', { headers, data: { fee: journey.fee } });
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
  const licence = await request.post('/api/provider/qualification/file/upload', {
    headers,
    multipart: {
      type: 'license',
      body: 'Medical and Dental Council',
      credentialNumber: 'MDCN/12-345',
      files: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(licence.status(), await licence.text()).toBe(201);
  const insurance = await request.post('/api/provider/indemnity-insurance', {
    headers,
    multipart: {
      expiresOn: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      file: { name: 'indemnity-policy.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(insurance.status(), await insurance.text()).toBe(201);
  const submitted = await request.put('/api/provider/verification-submission', { headers });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  const id = login.user.identifier as string;
  const approved = await request.post(`/api/admin/providers/${id}/approve`, {
    headers: { Authorization: `Bearer ${await tokenOf(request, ADMIN)}` },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  return { ...account, id };
}

async function newClient(request: APIRequestContext, journey: Journey): Promise<Account> {
  const account = { email: address('client', journey.lang), password: PASSWORD };
  await signUpVerified(
    request,
    {
      userType: 'client',
      email: account.email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...journey.client,
      phoneNumber: journey.phone,
      countryIdentifier: await countryIdentifier(request, journey.country),
      timezone: journey.zone,
      agreeToTerms: true,
    },
    { 'X-Language': journey.lang },
  );
  return account;
}

/** Signs in on the (English) sign-in page, then opens `path` (in the journey's language). */
async function signInTo(page: Page, account: Account, path: string) {
  await page.goto(`/login/?redirect=${encodeURIComponent('/overview/')}`);
  await dismissConsent(page);
  await submitSignIn(page, account);
  await page.waitForURL((url) => url.pathname === '/overview/');
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/** Presses Tab until `target` has the focus: the keyboard's way to a control. */
async function tabTo(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  for (let step = 0; step < 80; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement, undefined, { timeout: 5_000 })) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the control was never reached with Tab');
}

/** "Fill in: Before we meet" (the title is for screen readers, whose name may have a space before the colon). */
const fillLink = (fill: string, title: string) => new RegExp(`^${fill}\\s?: ${title.replace(/[()]/g, '\\$&')}$`);

/** Reloads `page` until `check` holds: for what a background job brings (never a fixed wait). */
async function untilShown(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await page.waitForLoadState('networkidle');
    await check();
  }).toPass({ timeout: 30_000 });
}

for (const journey of JOURNEYS) {
  test(`intake form and PHQ-9 (${journey.lang}): built, sent on payment, filled by keyboard on a phone, urgent and charted`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const { words, prefix, lang } = journey;
    const provider = await newProvider(request, journey);
    const providerName = `${journey.provider.firstName} ${journey.provider.lastName}`;
    const clientName = `${journey.client.firstName} ${journey.client.lastName}`;

    // The provider writes a small intake questionnaire in the builder.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInTo(page, provider, `${prefix}/forms/templates/new/`);
    await page.getByLabel(words.formTitle, { exact: true }).fill(words.intakeTitle);
    await page.locator('#sections-0-questions-0-label').fill(words.nameQuestion);
    await page.getByRole('checkbox', { name: words.required }).first().check();
    await page.getByRole('button', { name: words.addQuestion }).click();
    await page.locator('#sections-0-questions-1-label').fill(words.medsQuestion);
    await page.locator('#sections-0-questions-1-kind').selectOption({ label: words.yesNo });
    await page.getByRole('checkbox', { name: words.required }).nth(1).check();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/forms-builder-${lang}.png`, fullPage: true });
    await page.getByRole('button', { name: words.save, exact: true }).click();
    await expect(page.getByText(words.saved)).toBeVisible();
    await page.waitForURL((url) => /\/forms\/templates\/[0-9a-f-]{36}\/$/.test(url.pathname));

    // It and PHQ-9 go to every new client.
    await page.goto(`${prefix}/forms/`);
    await page.waitForLoadState('networkidle');
    const assign = page.getByRole('combobox', { name: words.assignForm });
    await assign.selectOption({ label: words.phq9Title });
    await page.getByRole('button', { name: words.add, exact: true }).click();
    await expect(page.getByText(words.added)).toBeVisible();
    await assign.selectOption({ label: words.intakeTitle });
    await page.getByRole('button', { name: words.add, exact: true }).click();
    const assignments = page.getByRole('region', { name: /./ }).filter({ has: assign }).getByRole('listitem');
    await expect(assignments).toHaveCount(2);
    await expectAccessible(page);

    // The consent new clients sign before their first session.
    await page.goto(`${prefix}/consent-form/`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel(words.consentLabel).fill(`Telehealth consent ${lang}.\n\nSessions take place by video.`);
    await page.getByRole('button', { name: words.consentSave }).click();
    await expect(page.getByTestId('consent-versions')).toBeVisible();

    // A new client books a session with them and pays from the wallet.
    const client = await newClient(request, journey);
    await topUp(request, await tokenOf(request, client), journey.fee * 2);
    const clientContext = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const phone = await clientContext.newPage();
    try {
      await phone.setViewportSize({ width: 1280, height: 900 });
      await signInTo(phone, client, `${prefix}/booking/?provider=${provider.id}`);
      await phone.getByRole('radio', { name: words.video }).check();
      await phone.getByRole('button', { name: words.continueToTime }).click();
      await phone.waitForURL(/\/booking\/[0-9a-f-]{36}\/schedule\/$/);
      await phone.waitForLoadState('networkidle');
      const today = dateIn(journey.zone, new Date());
      const day = weekdayFrom(today, 5);
      await expect(phone.getByRole('table')).toBeVisible();
      await showMonthOf(phone, day, today, words.nextMonth);
      await phone.getByRole('button', { name: new RegExp(`, ${dayMonthYear(day, lang).source},`) }).click();
      const slot = phone.getByRole('radio', { name: /–/ }).first();
      await expect(async () => {
        await slot.check({ force: true });
        await expect(slot).toBeChecked({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await phone.getByRole('button', { name: words.continueToPay }).click();
      await phone.waitForURL(/\/payment\/[0-9a-f-]{36}\/$/);
      await phone.waitForLoadState('networkidle');
      await phone.getByRole('button', { name: words.payWallet }).click();
      await phone.waitForURL(/\/appointment\/confirmation\/[0-9a-f-]{36}\/$/);
      await expect(phone.getByRole('heading', { level: 1 })).toHaveText(words.confirmed);
      const bookingId = phone.url().match(/confirmation\/([0-9a-f-]{36})\//)?.[1] as string;

      // From here on a phone. The outbox tells the client of both questionnaires.
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.goto(`${prefix}/notifications/`);
      const assigned = phone.locator('[data-kind="forms.assigned"]');
      await untilShown(phone, () => expect(assigned).toHaveCount(2, { timeout: 2_000 }));
      await expect(assigned.first()).toContainText(`${providerName} ${words.assigned}`);
      await expectAccessible(phone);
      await phone.screenshot({ path: `test-results/forms-notifications-${lang}-390.png`, fullPage: true });

      // The room refuses them before they sign (the API and the page).
      const room = await request.get(`/api/booking/${bookingId}/room`, {
        headers: { Authorization: `Bearer ${await tokenOf(request, client)}`, 'X-Language': lang },
      });
      expect(room.status()).toBe(409);
      expect((await room.json()).message).toBe(words.refused);
      await phone.goto(`${prefix}/session/${bookingId}/`);
      await phone.waitForLoadState('networkidle');
      await expect(phone.getByTestId('room-notice')).toHaveText(words.refused);

      // Keyboard only from here on. The intake form: a name typed, "Yes" with Space, sent with Enter.
      await phone.goto(`${prefix}/forms/`);
      await phone.waitForLoadState('networkidle');
      await tabTo(phone, phone.getByRole('link', { name: fillLink(words.fill, words.intakeTitle) }));
      await phone.keyboard.press('Enter');
      await expect(phone.getByRole('heading', { level: 1 })).toHaveText(words.intakeTitle);
      const nameField = phone.getByRole('textbox', { name: words.nameQuestion });
      await tabTo(phone, nameField);
      await phone.keyboard.type(journey.client.firstName);
      await phone.keyboard.press('Tab');
      const medsYes = phone.getByRole('group', { name: words.medsQuestion }).getByRole('radio').first();
      await expect(medsYes).toBeFocused();
      await phone.keyboard.press('Space');
      await expect(medsYes).toBeChecked();
      await tabTo(phone, phone.getByRole('button', { name: words.submit }));
      await phone.keyboard.press('Enter');
      await expect(phone.getByRole('status')).toContainText(`${words.thanks} ${providerName}`);
      await expect(phone.getByText(words.crisisTitle)).toHaveCount(0);

      // PHQ-9: items 1-8 "more than half the days" (two presses of ArrowDown), item 9 "several days".
      await phone.goto(`${prefix}/forms/`);
      await phone.waitForLoadState('networkidle');
      await tabTo(phone, phone.getByRole('link', { name: fillLink(words.fill, words.phq9Title) }));
      await phone.keyboard.press('Enter');
      await expect(phone.getByRole('heading', { level: 1 })).toHaveText(words.phq9Title);
      const item = (number: number) => phone.locator(`input[name="q-item${number}"]`);
      await tabTo(phone, item(1).first());
      for (let number = 1; number <= 9; number += 1) {
        if (number > 1) await phone.keyboard.press('Tab');
        await expect(item(number).first()).toBeFocused();
        const presses = number === 9 ? 1 : 2;
        for (let press = 0; press < presses; press += 1) await phone.keyboard.press('ArrowDown');
        await expect(item(number).nth(presses)).toBeChecked();
      }
      await expectAccessible(phone);
      await phone.screenshot({ path: `test-results/forms-phq9-filled-${lang}-390.png`, fullPage: true });
      await tabTo(phone, phone.getByRole('button', { name: words.submit }));
      await phone.keyboard.press('Enter');

      // Their country's crisis lines, and no other country's.
      const crisis = phone.getByRole('alert').filter({ hasText: words.crisisTitle });
      await expect(crisis).toBeVisible();
      for (const line of journey.crisisLines) await expect(crisis.getByRole('link', { name: line })).toBeVisible();
      await expect(crisis.getByRole('link', { name: journey.otherLine, exact: true })).toHaveCount(0);
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await expectAccessible(phone);
      await phone.screenshot({ path: `test-results/forms-crisis-lines-${lang}-390.png`, fullPage: true });

      // The consent, signed by keyboard: the room's link, the name, the box, the button.
      await phone.goto(`${prefix}/session/${bookingId}/`);
      await phone.waitForLoadState('networkidle');
      await tabTo(phone, phone.getByRole('link', { name: words.signLink }));
      await phone.keyboard.press('Enter');
      await phone.waitForURL((url) => url.pathname === `${prefix}/appointments/${bookingId}/consent/`);
      await tabTo(phone, phone.getByRole('textbox', { name: words.fullName }));
      await phone.keyboard.type(clientName);
      await phone.keyboard.press('Tab');
      await phone.keyboard.press('Space');
      await tabTo(phone, phone.getByRole('button', { name: words.sign, exact: true }));
      await phone.keyboard.press('Enter');
      await expect(phone.getByTestId('consent-signed')).toContainText(clientName);
      await expect(phone.getByTestId('room-notice')).toHaveCount(0);
    } finally {
      await clientContext.close();
    }

    // The provider was told at once, and sees the urgent submission first on their questionnaires page.
    await page.goto(`${prefix}/notifications/`);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-kind="forms.urgent"]')).toContainText(words.urgentNotice);
    await page.goto(`${prefix}/forms/`);
    await page.waitForLoadState('networkidle');
    const submissions = page.getByRole('heading', { name: words.submissions }).locator('..').getByRole('listitem');
    await expect(submissions).toHaveCount(2);
    await expect(submissions.first()).toContainText(`${clientName} · ${words.phq9Title}`);
    await expect(submissions.first()).toContainText(words.urgent);
    await expect(submissions.nth(1)).toContainText(words.intakeTitle);
    await expect(submissions.nth(1)).not.toContainText(words.urgent);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/forms-provider-overview-${lang}.png`, fullPage: true });

    // The client's page: PHQ-9 charted, and the same score in the chart's table.
    await page.goto(`${prefix}/clients/`);
    await page.waitForLoadState('networkidle');
    await page
      .getByTestId('client-list')
      .getByRole('link', { name: new RegExp(clientName) })
      .click();
    await page.waitForURL(/\/client\/[0-9a-f-]{36}\/$/);
    await page.waitForLoadState('networkidle');
    const chart = page.getByRole('figure', { name: words.chart });
    await expect(chart).toBeVisible();
    await expect(chart.locator('svg').first()).toBeVisible();
    const row = chart.getByRole('table', { name: words.chart }).getByRole('row').nth(1);
    await expect(row.getByRole('cell').nth(0)).toHaveText('17');
    await expect(row.getByRole('cell').nth(1)).toHaveText(words.band);
    await chart.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/forms-provider-chart-${lang}.png`, fullPage: true });
  });
}
