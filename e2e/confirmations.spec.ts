import type { APIRequestContext } from '@playwright/test';
import { firstSlot, PROVIDER } from './demo';
import { expect, test } from './fixtures';
import { accountIdOf, countryIdentifier, outbox, tokenOf } from './helpers';

const PASSWORD = 'calm-river-42';

const WORDS = {
  en: { confirmed: 'Your session is confirmed', paid: 'Payment received' },
  de: { confirmed: 'Deine Sitzung ist bestätigt', paid: 'Zahlung erhalten' },
} as const;

/** A verified client who signed up in `language` (their emails come in it). */
async function newClient(request: APIRequestContext, language: 'en' | 'de') {
  const email = `confirmations.${language}.${Date.now()}@example.com`;
  const registered = await request.post('/api/user/register', {
    headers: { 'x-language': language },
    data: {
      userType: 'client',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: language === 'de' ? 'Jürgen' : 'Chiamaka',
      lastName: language === 'de' ? 'Weiß' : 'Nwosu',
      phoneNumber: '+2348012345678',
      countryIdentifier: await countryIdentifier(request, 'NG'),
      agreeToTerms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  let token = '';
  await expect
    .poll(async () => {
      token =
        (await outbox(request, email)).map((item) => /[?&]token=([\w-]+)/.exec(item.text)?.[1]).find(Boolean) ?? '';
      return token;
    })
    .not.toBe('');
  expect((await request.post('/api/user/register/verify', { data: { token } })).ok()).toBe(true);
  return { email, password: PASSWORD };
}

for (const language of ['en', 'de'] as const) {
  test(`${language}: a session paid by card brings the confirmation with its .ics and the payment email with its PDF`, async ({
    page,
    visit,
    request,
  }) => {
    test.setTimeout(150_000);
    const words = WORDS[language];
    const client = await newClient(request, language);
    const headers = { Authorization: `Bearer ${await tokenOf(request, client)}` };
    const providerId = await accountIdOf(request, PROVIDER);
    const profile = await (await request.get(`/api/providers/${providerId}`)).json();
    const therapy = (profile.therapies ?? profile.therapyCategories)[0] as { identifier: string };
    const booking = await request.post('/api/booking', {
      headers,
      data: {
        providerIdentifier: providerId,
        therapyIdentifier: therapy.identifier,
        modalityIdentifier: profile.modalities?.[0]?.identifier,
      },
    });
    expect(booking.ok(), await booking.text()).toBe(true);
    const bookingId = (await booking.json()).identifier as string;
    const scheduled = await request.post(`/api/booking/${bookingId}/schedule`, {
      headers,
      data: { timeslotIdentifier: await firstSlot(request, providerId) },
    });
    expect(scheduled.ok(), await scheduled.text()).toBe(true);

    // The card: the sandbox checkout, approved by the payer.
    const started = await request.post(`/api/payment/booking/${bookingId}`, {
      headers: { ...headers, 'x-language': language },
      data: { method: 'card' },
    });
    expect(started.ok(), await started.text()).toBe(true);
    await page.goto((await started.json()).metadata.authorizationUrl as string);
    // The sandbox's page speaks the checkout's language when its address names one.
    await page.getByRole('button', { name: /^(Approve|Bestätigen)$/ }).click();
    await page.waitForURL((url) => !url.pathname.includes('/sandbox/checkout/'));

    // Both emails reach the client, in their language; the payment email once its receipt is issued.
    await expect
      .poll(async () => (await outbox(request, client.email)).map((item) => item.subject), { timeout: 45_000 })
      .toEqual(expect.arrayContaining([words.confirmed, words.paid]));

    await visit(`${language === 'de' ? '/de' : ''}/dev/mailbox/?to=${encodeURIComponent(client.email)}`);
    const confirmation = page.getByTestId('mailbox-email').filter({ hasText: words.confirmed }).first();
    const ics = confirmation.getByRole('link', { name: /session\.ics/ });
    await expect(ics).toBeVisible();
    const calendar = await request.get((await ics.getAttribute('href')) as string);
    expect(calendar.headers()['content-type']).toContain('text/calendar');
    expect(await calendar.text()).toContain(`UID:booking-${bookingId}@`);

    const payment = page.getByTestId('mailbox-email').filter({ hasText: words.paid }).first();
    const pdf = payment.getByRole('link', { name: /RC-\d{4}-\d{6}\.pdf/ });
    await expect(pdf).toBeVisible();
    const receipt = await request.get((await pdf.getAttribute('href')) as string);
    expect(receipt.headers()['content-type']).toContain('application/pdf');
    expect((await receipt.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.screenshot({ path: `test-results/confirmations-mailbox-${language}.png`, fullPage: true });
  });
}
