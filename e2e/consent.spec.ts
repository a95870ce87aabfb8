import type { APIRequestContext, Page } from '@playwright/test';
import config from '../playwright.config';
import { dismissConsent, paidSession, topUp } from './demo';
import { expect, test } from './fixtures';
import { type Account, countryIdentifier, signUpVerified, submitSignIn, tokenOf } from './helpers';

/**
 * Demo therapists whose week the demo leaves open, one per language (their clients pay in their
 * currency): a fully booked one's seeded sessions would collide with the session "now" at the end
 * during their hours. Other journeys book them only days ahead.
 */
const JOURNEYS = [
  {
    lang: 'en' as const,
    prefix: '',
    provider: { email: 'maya.patel@demo.test', password: 'demo-pass-123' },
    country: 'US',
    phone: '+1 212 555 0134',
    client: { firstName: 'Chiamaka', lastName: "O'Neil-Adébáyọ̀" },
    words: {
      editorLabel: 'Your telehealth consent and practice policy',
      save: 'Save as new version',
      refused: "Before you can join, please read and sign your therapist's telehealth consent and practice policy.",
      signLink: 'Read and sign the consent',
      name: 'Your full name',
      sign: 'Sign',
      download: 'Download the signed copy (PDF)',
      joinRoom: 'Go to the session room',
    },
  },
  {
    lang: 'de' as const,
    prefix: '/de',
    provider: { email: 'jonas.weber@demo.test', password: 'demo-pass-123' },
    country: 'DE',
    phone: '+49 30 1234 5678',
    client: { firstName: 'Jürgen', lastName: 'Müller-Lüdenscheidt' },
    words: {
      editorLabel: 'Deine Einwilligung zur Online-Therapie und Praxisrichtlinien',
      save: 'Als neue Fassung speichern',
      refused:
        'Bevor du teilnehmen kannst, lies bitte die Einwilligung zur Online-Therapie und die Praxisrichtlinien deiner Therapeutin bzw. deines Therapeuten und unterschreibe sie.',
      signLink: 'Einwilligung lesen und unterschreiben',
      name: 'Dein vollständiger Name',
      sign: 'Unterschreiben',
      download: 'Unterschriebene Fassung herunterladen (PDF)',
      joinRoom: 'Zum Sitzungsraum',
    },
  },
];

const PASSWORD = 'calm-river-42';

// Fake camera and microphone for the room's check, allowed without a prompt.
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

async function newClient(request: APIRequestContext, journey: (typeof JOURNEYS)[number]): Promise<Account> {
  const email = `consent.${journey.lang}.${Date.now()}.${Math.floor(Math.random() * 1000)}@example.com`;
  await signUpVerified(
    request,
    {
      userType: 'client',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...journey.client,
      phoneNumber: journey.phone,
      countryIdentifier: await countryIdentifier(request, journey.country),
      agreeToTerms: true,
    },
    { 'X-Language': journey.lang },
  );
  return { email, password: PASSWORD };
}

async function signIn(page: Page, account: Account, path: string) {
  await page.goto(`/login/?redirect=${encodeURIComponent(path)}`);
  await dismissConsent(page);
  await submitSignIn(page, account);
  await page.waitForURL((url) => url.pathname === path);
  await page.waitForLoadState('networkidle');
}

/** Presses Tab until `target` has the focus: the keyboard's way to a control. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>) {
  for (let step = 0; step < 60; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the control was never reached with Tab');
}

for (const journey of JOURNEYS) {
  test(`consent before the first session (${journey.lang}): written, refused by the room, signed by keyboard, downloaded`, async ({
    page,
    browser,
    baseURL,
    request,
    visit,
  }) => {
    test.setTimeout(180_000);
    const { words, prefix } = journey;
    const consentText = `Telehealth consent ${journey.lang} ${Date.now()}.\n\nSessions take place by video; cancel 24 hours ahead.\n\nIn a crisis, call your local emergency number.`;

    // The therapist writes the consent on their page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, journey.provider, '/overview/');
    await visit(`${prefix}/consent-form/`);
    await page.getByLabel(words.editorLabel).fill(consentText);
    await page.getByRole('button', { name: words.save }).click();
    await expect(page.getByTestId('consent-versions')).toBeVisible();

    // The client books and pays; the room refuses them until they sign.
    const client = await newClient(request, journey);
    const token = await tokenOf(request, client);
    await topUp(request, token, 100_000);
    const bookingId = await paidSession(request, client, journey.provider);
    const room = await request.get(`/api/booking/${bookingId}/room`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Language': journey.lang },
    });
    expect(room.status()).toBe(409);
    expect((await room.json()).message).toBe(words.refused);

    const context = await browser.newContext({
      baseURL,
      reducedMotion: 'reduce',
      viewport: { width: 390, height: 844 },
    });
    const phone = await context.newPage();
    await signIn(phone, client, '/overview/');
    await phone.goto(`${prefix}/session/${bookingId}/`);
    await phone.waitForLoadState('networkidle');
    await expect(phone.getByTestId('room-notice')).toHaveText(words.refused);

    // Keyboard only from here: Tab to the link, Enter; Tab to the name, type; Tab, Space; Tab, Enter.
    await tabTo(phone, phone.getByRole('link', { name: words.signLink }));
    await phone.keyboard.press('Enter');
    await phone.waitForURL((url) => url.pathname === `${prefix}/appointments/${bookingId}/consent/`);
    await expect(phone.getByTestId('consent-document')).toContainText('Sessions take place by video');
    await tabTo(phone, phone.getByRole('textbox', { name: words.name }));
    await phone.keyboard.type(`${journey.client.firstName} ${journey.client.lastName}`);
    await phone.keyboard.press('Tab');
    await phone.keyboard.press('Space');
    await tabTo(phone, phone.getByRole('button', { name: words.sign, exact: true }));
    await phone.keyboard.press('Enter');
    await expect(phone.getByTestId('consent-signed')).toContainText(
      `${journey.client.firstName} ${journey.client.lastName}`,
    );
    await phone.screenshot({ path: `test-results/consent-signed-${journey.lang}-390.png`, fullPage: true });

    await tabTo(phone, phone.getByRole('button', { name: words.download }));
    const [download] = await Promise.all([phone.waitForEvent('download'), phone.keyboard.press('Enter')]);
    const bytes = await download.createReadStream().then(
      (stream) =>
        new Promise<Buffer>((resolve, reject) => {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => resolve(Buffer.concat(chunks)));
          stream.on('error', reject);
        }),
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Signed: the room opens for a session of this pair that starts in a few minutes.
    const soon = await request.post('/api/dev/session-room', {
      data: { clientEmail: client.email, providerEmail: journey.provider.email, startsInMinutes: 5 },
    });
    expect(soon.status(), await soon.text()).toBe(201);
    const soonId = ((await soon.json()) as { bookingIdentifier: string }).bookingIdentifier;
    const open = await request.get(`/api/booking/${soonId}/room`, { headers: { Authorization: `Bearer ${token}` } });
    expect(open.status(), await open.text()).toBe(200);
    await phone.goto(`${prefix}/session/${soonId}/`);
    await expect(phone.getByTestId('join-room')).toBeVisible();
    await context.close();
  });
}
