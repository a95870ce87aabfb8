import {
  CLIENT,
  CLIENT_NAME,
  dismissConsent,
  fillBookingForm,
  firstSlot,
  PRICE,
  PRICE_DE,
  PROVIDER,
  PROVIDER_NAME,
  topUp,
  walletBalance,
  weekdayFrom,
  ZONE,
} from './demo';
import { expect, expectAccessible, test } from './fixtures';
import { dateIn, pickSlot, signIn, tokenOf } from './helpers';

test.describe('bookings', () => {
  test('the appointments list is rendered on the server at first load for a client and a therapist, in en and de', async ({
    page,
    browser,
    request,
  }) => {
    for (const [account, listPath, path, heading] of [
      [CLIENT, '/api/booking', '/appointments/', 'Appointments'],
      [PROVIDER, '/api/appointment', '/de/appointments/', 'Termine'],
    ] as const) {
      const token = await tokenOf(request, account);
      const answer = await request.get(`${listPath}?page=1&perPage=10&groupSeries=true`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(answer.ok()).toBe(true);
      const listed = ((await answer.json()) as { data: unknown[] }).data.length;
      expect(listed).toBeGreaterThan(0);
      const context = account === CLIENT ? page.context() : await browser.newContext();
      const signedIn = account === CLIENT ? page : await context.newPage();
      await signIn(signedIn, account, '/overview/');
      // A new tab shares the cookies but not the tab's session: the server renders from the page credential.
      const tab = await context.newPage();
      const listCalls: string[] = [];
      const problems: string[] = [];
      tab.on('request', (sent) => {
        if (new URL(sent.url()).pathname === listPath) listCalls.push(sent.url());
      });
      tab.on('pageerror', (error) => problems.push(error.message));
      tab.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      const response = await tab.goto(path);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      const html = (await response?.text()) ?? '';
      expect(html.split('data-testid="appointment-card"').length - 1).toBe(listed);
      await tab.waitForLoadState('networkidle');
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(tab.getByTestId('appointment-card')).toHaveCount(listed);
      await tab.screenshot({
        path: `test-results/appointments-server-rendered-${account === CLIENT ? 'en' : 'de'}.png`,
      });
      expect(listCalls).toEqual([]);
      expect(problems).toEqual([]);
      // Hydrated: a filter asks the API for its list.
      const filtered = tab.waitForRequest((sent) => new URL(sent.url()).pathname === listPath);
      await tab.locator('fieldset').getByRole('button', { pressed: false }).first().click();
      await filtered;
      await tab.close();
      if (account !== CLIENT) await context.close();
    }
  });

  test('a client books and pays from the wallet; the therapist sees it; the client reschedules; the therapist cancels and the client is refunded', async ({
    page,
    visit,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const today = dateIn(ZONE, new Date());
    const first = weekdayFrom(today, 4);
    const second = weekdayFrom(first, 1);

    // The client's wallet gets ₦50,000 through the sandbox gateway.
    const clientToken = await tokenOf(request, CLIENT);
    await topUp(request, clientToken, 5_000_000);
    const funded = await walletBalance(request, clientToken);
    expect(funded).toBeGreaterThanOrEqual(5_000_000);

    // The public directory and the therapist's profile.
    await signIn(page, CLIENT, '/providers/');
    await dismissConsent(page);
    await visit('/providers/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a therapist');
    const card = page.getByTestId('provider-card').filter({ hasText: PROVIDER_NAME });
    await expect(card).toContainText(`${PRICE} per session`);
    await expect(card).toContainText('Next available:');
    await page.screenshot({ path: 'test-results/bookings-directory-en.png', fullPage: true });
    await card.getByRole('link', { name: `View profile of ${PROVIDER_NAME}` }).click();
    await page.waitForURL(/\/providers\/[0-9a-f-]{36}(-[a-z0-9-]+)?\/$/);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PROVIDER_NAME);
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/bookings-profile-en.png', fullPage: true });

    // Step 1: the form checks modality and note length with the API's schema.
    await page.getByRole('link', { name: 'Book a session', exact: true }).click();
    await page.waitForURL(/\/booking\/\?provider=/);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    await page.getByLabel('Note for your therapist (optional)').fill('x'.repeat(401));
    await page.getByRole('button', { name: 'Continue to choose a time' }).click();
    await expect(page.getByText('Please select a modality')).toBeVisible();
    await expect(page.getByText('Note must not exceed 400 characters')).toBeVisible();
    await page.screenshot({ path: 'test-results/bookings-form-errors-en.png', fullPage: true });
    await fillBookingForm(page, 'I would like to talk about stress at work.');
    await expectAccessible(page);

    // Step 2: the slot is required; then the first weekday at least four days ahead, 9:00 AM.
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText('Please select a time slot')).toBeVisible();
    await pickSlot(page, first, today, '9:00 AM – 10:00 AM');
    await expect(page.getByText(/^Chosen: .*9:00 AM – 10:00 AM$/)).toBeVisible();
    await page.screenshot({ path: 'test-results/bookings-schedule-en.png', fullPage: true });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}\/$/);
    await page.waitForLoadState('networkidle');

    // Step 3: pay from the wallet.
    await expect(page.getByText(/^This time is held for you for another \d+:\d\d min \(until /)).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toContainText('Wallet balance: ₦');
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/bookings-payment-en.png', fullPage: true });
    await page.getByRole('button', { name: `Pay ${PRICE} from wallet` }).click();
    await page.waitForURL(/\/appointment\/confirmation\/[0-9a-f-]{36}\/$/);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your appointment is confirmed');
    await expect(page.getByText('The therapist will be notified.')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/bookings-confirmation-en.png', fullPage: true });
    expect(await walletBalance(request, clientToken)).toBe(funded - 1_500_000);
    const bookingId = page.url().match(/confirmation\/([0-9a-f-]{36})\//)?.[1] as string;

    // The therapist sees it in their appointments and acknowledges it.
    const providerContext = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const provider = await providerContext.newPage();
    try {
      await signIn(provider, PROVIDER, '/appointments/');
      await dismissConsent(provider);
      await expect(
        provider.getByRole('navigation', { name: 'Account navigation' }).getByRole('link', { name: 'Appointments' }),
      ).toBeVisible();
      const appointment = provider.getByTestId('appointment-card').filter({
        has: provider.getByRole('link', { name: `Details of the appointment with ${CLIENT_NAME}` }),
      });
      const mine = appointment.filter({ has: provider.locator(`a[href$="/appointments/${bookingId}/"]`) });
      await expect(mine).toContainText('Confirmed');
      await expect(mine).toContainText('9:00 AM – 10:00 AM');
      await mine.getByRole('button', { name: 'Acknowledge' }).click();
      await expect(provider.getByText('Thank you, the session is acknowledged.')).toBeVisible();
      await mine.getByRole('button', { name: 'Message' }).click();
      const message = provider.getByRole('dialog', { name: `Message from ${CLIENT_NAME}` });
      await expect(message).toContainText('I would like to talk about stress at work.');
      await expectAccessible(provider);
      await message.getByRole('button', { name: 'Close' }).first().click();
      await provider.screenshot({ path: 'test-results/bookings-provider-list-en.png', fullPage: true });
      await expectAccessible(provider);

      // The client moves it to the next weekday at 10:00 AM (more than 48 hours ahead: at once).
      await visit('/appointments/');
      const booked = page.getByTestId('appointment-card').filter({
        has: page.locator(`a[href$="/appointments/${bookingId}/"]`),
      });
      await booked.getByRole('button', { name: 'Reschedule' }).click();
      const reschedule = page.getByRole('dialog', { name: 'Reschedule appointment' });
      await expect(reschedule.getByTestId('reschedule-remaining')).toHaveText(
        'You can reschedule this appointment 2 more times.',
      );
      await pickSlot(reschedule, second, today, '10:00 AM – 11:00 AM');
      await page.screenshot({ path: 'test-results/bookings-reschedule-en.png' });
      await expectAccessible(page);
      await reschedule.getByRole('button', { name: 'Reschedule appointment' }).click();
      await expect(reschedule.getByText('APPOINTMENT RESCHEDULED SUCCESSFULLY')).toBeVisible();
      await expect(reschedule.getByText('The therapist will be notified.')).toBeVisible();
      await page.screenshot({ path: 'test-results/bookings-rescheduled-en.png' });
      await reschedule.getByRole('button', { name: 'Close' }).last().click();
      await expect(booked).toContainText('10:00 AM – 11:00 AM');

      // The therapist cancels: the client always gets everything back.
      await provider.reload();
      await provider.waitForLoadState('networkidle');
      await expect(mine).toContainText('10:00 AM – 11:00 AM');
      await mine.getByRole('button', { name: 'Cancel' }).click();
      const cancel = provider.getByRole('dialog', { name: 'Cancel appointment with client' });
      await expect(cancel.getByTestId('cancel-outcome')).toHaveText(
        `The client gets the full amount of ${PRICE} back in their wallet.`,
      );
      await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
      await expect(cancel.getByText('Please tell us why you are cancelling')).toBeVisible();
      await provider.screenshot({ path: 'test-results/bookings-cancel-provider-en.png' });
      await expectAccessible(provider);
      await cancel.getByLabel('Reason for cancelling').fill('I am unwell that day.');
      await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
      await expect(
        cancel.getByText(`The appointment has been cancelled and ${PRICE} has been refunded to the client's wallet.`),
      ).toBeVisible();
      await expect(cancel.getByText('The client will be notified.')).toBeVisible();
      await provider.screenshot({ path: 'test-results/bookings-cancelled-provider-en.png' });
      await cancel.getByRole('button', { name: 'Close' }).last().click();
      await expect(mine).toContainText('Cancelled');
    } finally {
      await providerContext.close();
    }

    // The refund is in the client's wallet, and the booking's details tell the story.
    expect(await walletBalance(request, clientToken)).toBe(funded);
    await visit(`/appointments/${bookingId}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Session with Chiamaka Eze');
    await expect(page.getByText(`${PRICE} refunded to the wallet`)).toBeVisible();
    await expect(page.getByText('I am unwell that day.')).toBeVisible();
    // The history begins with the booking's creation (read from the booking itself) and ends with the refund.
    const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
    await expect(history.first()).toContainText('Booking created');
    await expect(history.first()).toContainText('Client');
    await expect(history.nth(1)).toContainText('Time chosen');
    await page.screenshot({ path: 'test-results/bookings-details-en.png', fullPage: true });
    await visit('/wallet/');
    await expect(page.getByTestId('wallet-balance')).toContainText(
      new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', currencyDisplay: 'narrowSymbol' }).format(
        funded / 100,
      ),
    );

    // German screens.
    await visit('/de/appointments/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Termine');
    await page.screenshot({ path: 'test-results/bookings-appointments-de.png', fullPage: true });
    await visit(`/de/appointments/${bookingId}/`);
    await expect(page.getByText(`${PRICE_DE} dem Guthaben gutgeschrieben`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Verlauf' }).getByRole('listitem').first()).toContainText(
      'Buchung angelegt',
    );
    await page.screenshot({ path: 'test-results/bookings-details-de.png', fullPage: true });
    await visit('/de/providers/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Therapeut:in finden');
    await page.screenshot({ path: 'test-results/bookings-directory-de.png', fullPage: true });
    await visit('/de/policy/client-cancellation/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stornierungsbedingungen für Klient:innen');
    await page.screenshot({ path: 'test-results/bookings-policy-de.png', fullPage: true });
  });

  test('a client pays a booking by card through the sandbox checkout, in German', async ({ page, visit }) => {
    test.setTimeout(120_000);
    const today = dateIn(ZONE, new Date());
    const day = weekdayFrom(today, 6);

    await signIn(page, CLIENT, '/providers/');
    await dismissConsent(page);
    await visit('/de/providers/');
    const card = page.getByTestId('provider-card').filter({ hasText: PROVIDER_NAME });
    await card.getByRole('link', { name: `Sitzung bei ${PROVIDER_NAME} buchen` }).click();
    await page.waitForURL(/\/de\/booking\/\?provider=/);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Weiter zur Terminwahl' }).click();
    await expect(page.getByText('Bitte wähle eine Sitzungsform')).toBeVisible();
    await page.screenshot({ path: 'test-results/bookings-form-errors-de.png', fullPage: true });
    await expectAccessible(page);
    await page.getByRole('radio', { name: 'Videositzung' }).check();
    await page.getByRole('button', { name: 'Weiter zur Terminwahl' }).click();
    await page.waitForURL(/\/de\/booking\/[0-9a-f-]{36}\/schedule\/$/);
    await page.waitForLoadState('networkidle');
    await pickSlot(page, day, today, '11:00 – 12:00', 'de');
    await page.screenshot({ path: 'test-results/bookings-schedule-de.png', fullPage: true });
    await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
    await page.waitForURL(/\/de\/payment\/[0-9a-f-]{36}\/$/);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/bookings-payment-de.png', fullPage: true });

    // The sandbox checkout, then back to the payment page, which follows the payment.
    await page.getByRole('button', { name: `${PRICE_DE} mit Karte bezahlen` }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: /^(Approve|Bestätigen)$/ }).click();
    await page.waitForURL(/\/de\/payment\/[0-9a-f-]{36}\/\?/);
    await page.waitForURL(/\/de\/appointment\/confirmation\/[0-9a-f-]{36}\/$/, { timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dein Termin ist bestätigt');
    await expect(page.getByText('Zahlung erfolgreich!')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/bookings-confirmation-de.png', fullPage: true });

    // The client cancels it (more than 48 hours ahead): the dialog promises the full refund.
    await page.getByRole('link', { name: 'Zu meinen Terminen' }).click();
    await page.waitForURL(/\/de\/appointments\/$/);
    await page.waitForLoadState('networkidle');
    const booked = page.getByTestId('appointment-card').filter({ hasText: '11:00 – 12:00' });
    await booked.getByRole('button', { name: 'Stornieren' }).click();
    const cancel = page.getByRole('dialog', { name: 'Termin stornieren' });
    await expect(
      cancel.getByText('Wenn du weniger als 48 Stunden vor dem Termin stornierst, gibt es keine Erstattung.'),
    ).toBeVisible();
    await expect(cancel.getByTestId('cancel-outcome')).toHaveText(
      `Wenn du jetzt stornierst, werden ${PRICE_DE} sofort deinem Guthaben gutgeschrieben.`,
    );
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/bookings-cancel-client-de.png' });
    await cancel.getByLabel('Grund der Stornierung').fill('Ich habe einen anderen Termin.');
    await cancel.getByRole('button', { name: 'Termin stornieren' }).click();
    await expect(
      cancel.getByText(`Dein Termin wurde storniert und ${PRICE_DE} wurden deinem Guthaben gutgeschrieben.`),
    ).toBeVisible();
    await expect(cancel.getByText('Deine Therapeut:in wird benachrichtigt.')).toBeVisible();
    await page.screenshot({ path: 'test-results/bookings-cancelled-client-de.png' });
  });

  test("a therapy with its own fee: step 1's summary, the amount paid and the booking's price agree", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    // Emeka Obi offers two therapies at ₦12,000; couples therapy gets its own fee of ₦20,000.
    const therapist = { email: 'emeka.obi@demo.test', password: 'demo-pass-123' };
    const therapistLogin = await (await request.post('/api/user/login', { data: therapist })).json();
    const providerId = therapistLogin.user.identifier as string;
    const profile = await (await request.get(`/api/providers/${providerId}`)).json();
    const couples = (profile.therapies as Array<{ identifier: string; key: string }>).find(
      (item) => item.key === 'couples-therapy',
    );
    const saved = await request.post('/api/provider/booking-fee/therapy', {
      headers: { Authorization: `Bearer ${therapistLogin.token as string}` },
      data: { therapyIdentifier: couples?.identifier, fee: 2_000_000, isFree: false },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const clientToken = await tokenOf(request, CLIENT);
    await topUp(request, clientToken, 2_000_000);

    await signIn(page, CLIENT, '/overview/');
    await dismissConsent(page);
    await page.goto(`/booking/?provider=${providerId}`);
    await page.waitForLoadState('networkidle');
    const summary = page.getByTestId('booking-fee');
    await expect(summary).toContainText('₦12,000.00 per session');
    await page.getByRole('radio', { name: 'Video Session' }).check();
    await page.getByRole('radio', { name: /Couples Therapy/ }).check();
    await expect(summary).toContainText('₦20,000.00 per session');
    await page.screenshot({ path: 'test-results/bookings-therapy-fee-en.png', fullPage: true });
    await page.getByRole('button', { name: 'Continue to choose a time' }).click();
    await page.waitForURL(/\/booking\/[0-9a-f-]{36}\/schedule\/$/);
    const bookingId = page.url().match(/booking\/([0-9a-f-]{36})\//)?.[1] as string;

    const headers = { Authorization: `Bearer ${clientToken}` };
    const scheduled = await request.post(`/api/booking/${bookingId}/schedule`, {
      headers,
      data: { timeslotIdentifier: await firstSlot(request, providerId) },
    });
    expect(scheduled.ok(), await scheduled.text()).toBe(true);
    expect((await scheduled.json()).priceMinor).toBe(2_000_000);
    await page.goto(`/payment/${bookingId}/`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'Pay ₦20,000.00 from wallet' })).toBeVisible();
  });
});
