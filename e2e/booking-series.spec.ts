import {
  CLIENT,
  CLIENT_NAME,
  dismissConsent,
  fillBookingForm,
  PRICE,
  PROVIDER,
  PROVIDER_NAME,
  topUp,
  walletBalance,
  weekdayFrom,
  ZONE,
} from './demo';
import { expect, expectAccessible, test } from './fixtures';
import { addDays, dateIn, dayMonthYear, pickSlot, signIn, tokenOf } from './helpers';

test.describe('weekly series and sessions booked by the therapist', () => {
  test('a client books a 3-week series and pays the first from the wallet; the therapist books another session for them and lets them reschedule without approval', async ({
    page,
    visit,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(150_000);
    const today = dateIn(ZONE, new Date());
    const first = weekdayFrom(today, 5);
    const extra = weekdayFrom(today, 9);

    const clientToken = await tokenOf(request, CLIENT);
    await topUp(request, clientToken, 5_000_000);
    const funded = await walletBalance(request, clientToken);

    // Booking step 1 with the demo therapist.
    await signIn(page, CLIENT, '/providers/');
    await dismissConsent(page);
    await visit('/providers/');
    const card = page.getByTestId('provider-card').filter({ hasText: PROVIDER_NAME });
    await card.getByRole('link', { name: `Book a session with ${PROVIDER_NAME}` }).click();
    await page.waitForURL(/\/booking\/\?provider=/);
    await page.waitForLoadState('networkidle');
    await fillBookingForm(page, 'Weekly sessions, please.');

    // Step 2: the first session, then a weekly series of 3 sessions: every date and the total.
    await pickSlot(page, first, today, '2:00 PM – 3:00 PM');
    await page.getByRole('checkbox', { name: /Book a series/ }).check();
    await expect(page.getByRole('radio', { name: 'Every week' })).toBeChecked();
    await page.getByRole('combobox', { name: 'Number of sessions' }).selectOption('3');
    const dates = page.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
    await expect(dates).toHaveCount(3);
    for (const [index, date] of [first, addDays(first, 7), addDays(first, 14)].entries()) {
      await expect(dates.nth(index)).toContainText(`Session ${index + 1}: `);
      await expect(dates.nth(index)).toContainText(dayMonthYear(date));
      await expect(dates.nth(index)).toContainText('2:00 PM – 3:00 PM');
    }
    await expect(page.getByTestId('series-total')).toContainText('Total for 3 sessions');
    await expect(page.getByTestId('series-total')).toContainText('₦45,000.00');
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/booking-series-schedule-en.png', fullPage: true });
    await page.getByRole('button', { name: 'Book 3 sessions and continue to payment' }).click();

    // Step 3: the whole series is offered at once; the client pays only the first session.
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}\/$/);
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('payment-series')).toHaveText(
      'This is session 1 of your series of 3. Pay every unpaid session at once, or only this one.',
    );
    await expect(page.getByTestId('series-label')).toHaveText('Session 1 of 3');
    await expect(page.getByRole('radio', { name: /The whole series: 3 unpaid sessions/ })).toBeChecked();
    await page.getByRole('radio', { name: /Only this session/ }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: `Pay ${PRICE} from wallet` }).click();
    await page.waitForURL(/\/appointment\/confirmation\/[0-9a-f-]{36}\/$/);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your appointment is confirmed');
    await expect(page.getByTestId('series-label')).toHaveText('Session 1 of 3');
    const sessions = page.getByTestId('series-session');
    await expect(sessions).toHaveCount(3);
    await expect(sessions.nth(0)).toContainText('This session');
    await expect(sessions.nth(0)).toContainText('Confirmed');
    await expect(sessions.nth(1)).toContainText('Awaiting payment');
    await expect(sessions.nth(1).getByRole('link', { name: 'Pay session 2' })).toBeVisible();
    await expect(sessions.nth(2).getByRole('link', { name: 'Details of session 3' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/booking-series-confirmation-en.png', fullPage: true });
    expect(await walletBalance(request, clientToken)).toBe(funded - 1_500_000);
    const bookingId = page.url().match(/confirmation\/([0-9a-f-]{36})\//)?.[1] as string;

    // The series is one line in the client's list, its sessions beneath; no step-1 draft is left.
    await visit('/appointments/?status=pending');
    await expect(page.getByTestId('appointment-card').filter({ hasText: 'No time chosen yet' })).toHaveCount(0);
    const line = page.getByTestId('appointment-card').filter({ hasText: 'Series of 3 sessions' });
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId('series-line-session')).toHaveCount(3);

    // The therapist opens the appointment, books another session for the client and lets them reschedule.
    const providerContext = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const provider = await providerContext.newPage();
    try {
      await signIn(provider, PROVIDER, `/appointments/${bookingId}/`);
      await dismissConsent(provider);
      await expect(provider.getByRole('heading', { level: 1 })).toHaveText(`Session with ${CLIENT_NAME}`);
      await expect(provider.getByTestId('series-label')).toHaveText('Session 1 of 3');
      await expect(provider.getByTestId('series-session')).toHaveCount(3);
      await expectAccessible(provider);

      // Tall enough for the whole dialog in the screenshots.
      await provider.setViewportSize({ width: 1280, height: 1500 });
      await provider.getByRole('button', { name: 'Book another session' }).click();
      const dialog = provider.getByRole('dialog', { name: `Book a session for ${CLIENT_NAME}` });
      await expect(dialog.getByRole('radio', { name: /Individual Therapy/ })).toBeChecked();
      await expect(dialog.getByRole('radio', { name: 'Video Session' })).toBeChecked();
      await dialog.getByRole('button', { name: 'Book session' }).click();
      await expect(dialog.getByText('Please select a time slot')).toBeVisible();
      await pickSlot(dialog, extra, today, '4:00 PM – 5:00 PM');
      await dialog.getByLabel('Note for the client (optional)').fill('A follow-up before the series continues.');
      await expectAccessible(provider);
      await provider.screenshot({ path: 'test-results/booking-for-client-dialog-en.png' });
      await dialog.getByRole('button', { name: 'Book session' }).click();
      await expect(provider.getByText(`Session booked. ${CLIENT_NAME} has been asked to accept it.`)).toBeVisible();
      await expect(dialog).toBeHidden();

      // The reschedule permission: off by default, on after the switch.
      const permission = provider.getByRole('switch', { name: 'Let the client reschedule without my approval' });
      await expect(permission).toHaveAttribute('aria-checked', 'false');
      await permission.click();
      await expect(provider.getByText('The client can now reschedule without your approval.')).toBeVisible();
      await expect(permission).toHaveAttribute('aria-checked', 'true');
      await expectAccessible(provider);
      await provider.screenshot({ path: 'test-results/booking-permission-en.png', fullPage: true });
      const providerToken = await tokenOf(request, PROVIDER);
      const stored = await request.get(`/api/appointment/${bookingId}`, {
        headers: { Authorization: `Bearer ${providerToken}` },
      });
      expect(
        ((await stored.json()) as { allowRescheduleCompletedBooking: boolean }).allowRescheduleCompletedBooking,
      ).toBe(true);

      // The new session is in the therapist's list, waiting for the client.
      await provider.goto('/appointments/?status=pending');
      await provider.waitForLoadState('networkidle');
      const booked = provider.getByTestId('appointment-card').filter({ hasText: '4:00 PM – 5:00 PM' });
      await expect(booked).toHaveCount(1);
      await expect(booked).toContainText('Awaiting the client');
      await expectAccessible(provider);
      await provider.screenshot({ path: 'test-results/booking-for-client-list-en.png', fullPage: true });

      // German: the dialog and the switch.
      await provider.goto(`/de/appointments/${bookingId}/`);
      await provider.waitForLoadState('networkidle');
      await expect(provider.getByTestId('series-label')).toHaveText('Sitzung 1 von 3');
      await expect(
        provider.getByRole('switch', { name: 'Klient:in darf ohne meine Zustimmung verschieben' }),
      ).toHaveAttribute('aria-checked', 'true');
      await provider.getByRole('button', { name: 'Weitere Sitzung buchen' }).click();
      const dialogDe = provider.getByRole('dialog', { name: `Sitzung für ${CLIENT_NAME} buchen` });
      await dialogDe.getByLabel('Nachricht an die Klient:in (optional)').fill('x'.repeat(401));
      await dialogDe.getByRole('button', { name: 'Sitzung buchen' }).click();
      await expect(dialogDe.getByText('Bitte wähle einen Termin')).toBeVisible();
      await expect(dialogDe.getByText('Die Notiz darf höchstens 400 Zeichen lang sein')).toBeVisible();
      await expectAccessible(provider);
      await provider.screenshot({ path: 'test-results/booking-for-client-dialog-de.png' });
    } finally {
      await providerContext.close();
    }

    // The client sees the session the therapist booked, waiting for their answer.
    await visit('/appointments/?status=pending');
    const offered = page.getByTestId('appointment-card').filter({ hasText: '4:00 PM – 5:00 PM' });
    await expect(offered).toContainText('Awaiting your answer');
    await expect(offered.getByRole('button', { name: 'Acknowledge' })).toBeVisible();
  });
});
