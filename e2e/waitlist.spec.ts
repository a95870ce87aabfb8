import { PROVIDER, topUp } from './demo';
import { expect, test } from './fixtures';
import { accountIdOf, addDays, countryIdentifier, dateIn, outbox, signIn, signUpVerified, tokenOf } from './helpers';

/**
 * A client joins a provider's waitlist on the provider's page; another client cancels their
 * session; the first is offered the slot (email in their language, the claim on /waitlist/, the
 * notification's link to booking it) and books it, while it stays hidden from everyone else.
 */

const WORDS = {
  en: {
    open: 'Tell me of an earlier slot',
    before: 'Before',
    join: 'Join the waitlist',
    joined: 'You are on the waitlist',
    held: 'A slot is held for you',
    book: 'Book this slot',
    subject: 'An earlier slot with',
  },
  de: {
    open: 'Über einen früheren Termin informieren',
    before: 'Vor dem',
    join: 'Auf die Warteliste',
    joined: 'Du stehst auf der Warteliste',
    held: 'Ein Termin ist für dich reserviert',
    book: 'Diesen Termin buchen',
    subject: 'Ein früherer Termin bei',
  },
} as const;

const ZONE = 'Africa/Lagos';

for (const language of ['en', 'de'] as const) {
  test(`a client on the waitlist gets a cancelled slot and books it (${language})`, async ({ page, request }) => {
    const words = WORDS[language];
    const prefix = language === 'de' ? '/de' : '';
    const stamp = `${language}-${Date.now()}`;
    const make = async (firstName: string, lastName: string) => {
      const account = {
        // The address in plain letters: Jürgen's ü is a name, not an address.
        email: `waitlist-${firstName
          .normalize('NFKD')
          .replace(/[^a-z]/gi, '')
          .toLowerCase()}-${stamp}@example.test`,
        password: 'waitlist-pass-123',
      };
      await signUpVerified(
        request,
        {
          userType: 'client',
          email: account.email,
          password: account.password,
          confirmPassword: account.password,
          firstName,
          lastName,
          phoneNumber: '+2348012345678',
          countryIdentifier: await countryIdentifier(request, 'NG'),
          timezone: ZONE,
          agreeToTerms: true,
        },
        { 'X-Language': language },
      );
      return account;
    };
    const waiter = await make('Adaeze', "O'Neil-Okafor");
    const booker = await make('Jürgen', 'Groß');

    // The booker takes the provider's first free slot and pays for it.
    const providerId = await accountIdOf(request, PROVIDER);
    const bookerHeaders = { Authorization: `Bearer ${await tokenOf(request, booker)}` };
    await topUp(request, bookerHeaders.Authorization.slice(7), 2_000_000);
    const profile = await (await request.get(`/api/providers/${providerId}`)).json();
    const created = await request.post('/api/booking', {
      headers: bookerHeaders,
      data: {
        providerIdentifier: providerId,
        therapyIdentifier: profile.therapies[0].identifier,
        modalityIdentifier: profile.modalities[0].identifier,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const bookingId = (await created.json()).identifier as string;
    const today = dateIn(ZONE, new Date());
    let slot: { identifier: string; startAt: string } | undefined;
    for (let days = 2; days < 30 && !slot; days += 1) {
      const day = await (
        await request.get(`/api/providers-availability/${providerId}/timeslot/${addDays(today, days)}`)
      ).json();
      slot = day.days[0].timeSlot.find((s: { startTime: string }) => s.startTime >= '09:00' && s.startTime < '17:00');
    }
    if (!slot) throw new Error('no free slot');
    const scheduled = await request.post(`/api/booking/${bookingId}/schedule`, {
      headers: bookerHeaders,
      data: { timeslotIdentifier: slot.identifier },
    });
    expect(scheduled.ok(), await scheduled.text()).toBe(true);
    const paid = await request.post(`/api/payment/booking/${bookingId}`, {
      headers: bookerHeaders,
      data: { method: 'wallet' },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    const slotDate = dateIn(ZONE, new Date(slot.startAt));

    // The waiter joins on the provider's page: a slot before the day after, between 08:00 and 20:00.
    await signIn(page, waiter, '/waitlist/');
    await page.goto(`${prefix}/providers/${providerId}/`);
    await page.getByRole('button', { name: words.open }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(words.before).fill(addDays(slotDate, 1));
    await page.screenshot({ path: `test-results/waitlist-join-${language}.png`, fullPage: true });
    await dialog.getByRole('button', { name: words.join }).click();
    await expect(page.getByText(words.joined).first()).toBeVisible();

    // The booker cancels: the slot goes to the waiter alone, who is emailed in their language.
    const cancelled = await request.post(`/api/booking/${bookingId}/cancel`, {
      headers: bookerHeaders,
      data: { note: 'Plans changed' },
    });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    await expect
      .poll(
        async () =>
          (await outbox(request, waiter.email)).find((email) => email.template === 'waitlist.offered')?.subject ?? '',
        {
          timeout: 40_000,
        },
      )
      .toContain(words.subject);
    const email = (await outbox(request, waiter.email)).find((item) => item.template === 'waitlist.offered');
    expect(email?.text).toContain(`/booking/?provider=${providerId}&at=${encodeURIComponent(slot.startAt)}`);
    const anonymous = await (
      await request.get(`/api/providers-availability/${providerId}/timeslot/${slotDate}`)
    ).json();
    expect(anonymous.days[0].timeSlot.map((s: { startAt: string }) => s.startAt)).not.toContain(slot.startAt);

    // The claim on the waiter's list, and its link to book it.
    await page.goto(`${prefix}/waitlist/`);
    await expect(page.getByText(words.held)).toBeVisible();
    await page.screenshot({ path: `test-results/waitlist-claim-${language}.png`, fullPage: true });
    await page.getByRole('link', { name: words.book }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/booking/') && url.searchParams.get('at') === slot?.startAt);
    await page.screenshot({ path: `test-results/waitlist-book-${language}.png`, fullPage: true });

    // The waiter books the held slot (as the booking flow does: the slot their calendar lists).
    const waiterHeaders = { Authorization: `Bearer ${await tokenOf(request, waiter)}` };
    const seen = await (
      await request.get(`/api/providers-availability/${providerId}/timeslot/${slotDate}`, { headers: waiterHeaders })
    ).json();
    const held = seen.days[0].timeSlot.find((s: { startAt: string }) => s.startAt === slot?.startAt);
    expect(held).toBeTruthy();
    const draft = await request.post('/api/booking', {
      headers: waiterHeaders,
      data: {
        providerIdentifier: providerId,
        therapyIdentifier: profile.therapies[0].identifier,
        modalityIdentifier: profile.modalities[0].identifier,
      },
    });
    const booked = await request.post(`/api/booking/${(await draft.json()).identifier}/schedule`, {
      headers: waiterHeaders,
      data: { timeslotIdentifier: held.identifier },
    });
    expect(booked.ok(), await booked.text()).toBe(true);
    expect((await booked.json()).startAt).toBe(slot.startAt);
  });
}
