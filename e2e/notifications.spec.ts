import type { Page } from '@playwright/test';
import {
  CLIENT,
  CLIENT_NAME,
  dismissConsent,
  fillBookingForm,
  PROVIDER,
  PROVIDER_NAME,
  topUp,
  weekdayWithFree,
  ZONE,
} from './demo';
import { expect, expectAccessible, test } from './fixtures';
import { accountIdOf, dateIn, pickSlot, signIn, tokenOf } from './helpers';

/** The client books the demo therapist through the screens and pays from the wallet. */
async function bookAndPay(page: Page, date: string, today: string, time: string): Promise<string> {
  await page.goto('/providers/');
  await page.waitForLoadState('networkidle');
  const card = page.getByTestId('provider-card').filter({ hasText: PROVIDER_NAME });
  await card.getByRole('link', { name: `View profile of ${PROVIDER_NAME}` }).click();
  await page.waitForURL(/\/providers\/[0-9a-f-]{36}(-[a-z0-9-]+)?\/$/);
  await page.getByRole('link', { name: 'Book a session', exact: true }).click();
  await page.waitForURL(/\/booking\/\?provider=/);
  await page.waitForLoadState('networkidle');
  await fillBookingForm(page, 'Notifications journey');
  await pickSlot(page, date, today, time);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/payment\/[0-9a-f-]{36}\/$/);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: /^Pay .* from wallet$/ }).click();
  await page.waitForURL(/\/appointment\/confirmation\/[0-9a-f-]{36}\/$/);
  return page.url().match(/confirmation\/([0-9a-f-]{36})\//)?.[1] as string;
}

test.describe('notifications', () => {
  test('a booking appears live on the therapist’s open page, in the bell and the list; the mailbox shows the confirmation with its .ics', async ({
    page,
    browser,
    baseURL,
    request,
    visit,
  }) => {
    test.setTimeout(180_000);
    const today = dateIn(ZONE, new Date());
    const providerId = await accountIdOf(request, PROVIDER);
    const date = await weekdayWithFree(request, providerId, { today, days: 9, time: '14:00', zone: ZONE });
    await topUp(request, await tokenOf(request, CLIENT), 2_000_000);

    // The therapist has the overview open (the live socket connects with the signed-in area).
    await signIn(page, PROVIDER, '/overview/');
    await dismissConsent(page);
    await visit('/overview/');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    const providerToken = await tokenOf(request, PROVIDER);
    const unread = await request.get('/api/notifications/unread-count', {
      headers: { Authorization: `Bearer ${providerToken}` },
    });
    const before = ((await unread.json()) as { count: number }).count;
    if (before > 0) await expect(page.getByTestId('notification-count')).toHaveText(String(before));

    // Meanwhile the client books and pays in another browser.
    const clientContext = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const client = await clientContext.newPage();
    let bookingId = '';
    try {
      await signIn(client, CLIENT, '/overview/');
      await dismissConsent(client);
      bookingId = await bookAndPay(client, date, today, '2:00 PM – 3:00 PM');
    } finally {
      await clientContext.close();
    }

    // Without a reload: a toast with the words, and the bell counts one more (or more: a job may
    // deliver an earlier journey's notification meanwhile), exactly what the API holds.
    // The toast for this booking (2 PM); an earlier journey's may show beside it.
    const toast = page
      .getByRole('status')
      .filter({ hasText: new RegExp(`${CLIENT_NAME} booked a session with you for .*14:00`) });
    await expect(toast).toBeVisible();
    const unreadNow = async () =>
      (
        (await (
          await request.get('/api/notifications/unread-count', {
            headers: { Authorization: `Bearer ${providerToken}` },
          })
        ).json()) as { count: number }
      ).count;
    await expect.poll(unreadNow).toBeGreaterThanOrEqual(before + 1);
    const after = await unreadNow();
    await expect(page.getByTestId('notification-count')).toHaveText(String(after));
    await expect(bell).toHaveAccessibleName(`Notifications, ${after} unread`);
    await page.screenshot({ path: 'test-results/notifications-live-toast-en.png' });

    // The list links to the appointment (other journeys' notifications may sit above it, a message
    // delivered meanwhile); marking all read empties the bell.
    await bell.click();
    await page.waitForURL(/\/notifications\/$/);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
    const booked = page
      .getByTestId('notification-item')
      .filter({ has: page.locator(`a[href="/appointments/${bookingId}/"]`) });
    await expect(booked).toHaveCount(1);
    await expect(booked).toContainText(`${CLIENT_NAME} booked a session with you for`);
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/notifications-list-en.png', fullPage: true });
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);

    // The switches on /preference.
    await visit('/preference/');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 2 })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Session reminders: By email' }).uncheck();
    await page.getByRole('button', { name: 'Save notification settings' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    await page.screenshot({ path: 'test-results/notifications-preferences-en.png', fullPage: true });
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Session reminders: By email' })).not.toBeChecked();
    await page.getByRole('checkbox', { name: 'Session reminders: By email' }).check();
    await page.getByRole('button', { name: 'Save notification settings' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();

    // The development mailbox: the therapist's confirmation, rendered, with the session's .ics.
    await visit(`/dev/mailbox/?to=${encodeURIComponent(PROVIDER.email)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Development mailbox');
    const confirmation = page.getByTestId('mailbox-email').filter({ hasText: 'New session booked' }).first();
    await expect(confirmation).toBeVisible();
    await expect(
      confirmation.frameLocator('iframe').getByText(`${CLIENT_NAME} booked a session with you.`),
    ).toBeVisible();
    const ics = confirmation.getByRole('link', { name: 'Download session.ics' });
    await expect(ics).toBeVisible();
    await page.screenshot({ path: 'test-results/notifications-mailbox-en.png', fullPage: true });
    const file = await request.get((await ics.getAttribute('href')) as string);
    expect(file.headers()['content-type']).toContain('text/calendar');
    const text = await file.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain(`UID:booking-${bookingId}@`);
    // 2:00 PM in Lagos (UTC+1) is 13:00 UTC.
    expect(text).toContain(`DTSTART:${date.replace(/-/g, '')}T130000Z`);
  });

  test('the bell and the list in German', async ({ page, visit }) => {
    await signIn(page, PROVIDER, '/overview/');
    await dismissConsent(page);
    await visit('/de/notifications/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benachrichtigungen');
    await expect(
      page.getByTestId('notification-item').filter({ hasText: 'hat eine Sitzung bei dir für' }).first(),
    ).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/notifications-list-de-390.png', fullPage: true });
  });
});
