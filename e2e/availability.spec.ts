import { PROVIDER } from './demo';
import { expect, expectAccessible, test } from './fixtures';
import { addDays, dateIn, dayMonthYear, showMonthOf, signIn } from './helpers';

const PROVIDER_ZONE = 'Africa/Lagos';
const CLIENT_ZONE = 'America/New_York';

/** The wall-clock hour of a zone at `date` `hour`:00 as an instant (searching the zone's offset). */
function zonedInstant(date: string, hour: number, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour);
  for (let offsetHours = -14; offsetHours <= 14; offsetHours += 1) {
    const instant = new Date(guess - offsetHours * 3_600_000);
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(instant);
    const part = (type: string) => parts.find((p) => p.type === type)?.value;
    if (`${part('year')}-${part('month')}-${part('day')}` === date && Number(part('hour')) === hour) return instant;
  }
  throw new Error(`no ${hour}:00 on ${date} in ${zone}`);
}

/** "3:00 AM": the app's 12-hour display of an instant's wall clock in a zone. */
function clock12(instant: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  const minute = parts.find((p) => p.type === 'minute')?.value;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "03:00": the German pages' 24-hour display of an instant's wall clock in a zone. */
function clock24(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('de-DE', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

test.describe('availability', () => {
  test('a provider sets a week and a specific date; a client in New York sees them in their own time', async ({
    page,
    visit,
    browser,
    baseURL,
    request,
  }) => {
    // Two people, two languages, five accessibility scans: about 50 s alone, more beside other work.
    test.setTimeout(120_000);
    // The specific date: the next Sunday at least three days ahead in Lagos (demo providers do not work Sundays).
    const today = dateIn(PROVIDER_ZONE, new Date());
    let special = addDays(today, 3);
    while (new Date(`${special}T12:00:00Z`).getUTCDay() !== 0) special = addDays(special, 1);

    // Provider: weekly hours.
    await signIn(page, PROVIDER, '/provider-availability/');
    await visit('/provider-availability/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Availability');
    await expect(page.getByText('All times are in your time zone: Africa/Lagos.')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Account navigation' }).getByRole('link', { name: 'Calendar' }),
    ).toBeVisible();

    const monday = page.getByRole('group', { name: 'Monday' });
    await expect(monday.getByRole('combobox', { name: 'Start time of range 1 on Monday' })).toHaveValue('09:00');
    const saturday = page.getByRole('group', { name: 'Saturday' });
    const saturdayOff = saturday.getByRole('checkbox', { name: 'Unavailable' });
    await expect(saturdayOff).toBeChecked();
    await saturdayOff.uncheck();
    const saturdayStart = saturday.getByRole('combobox', { name: 'Start time of range 1 on Saturday' });
    const saturdayEnd = saturday.getByRole('combobox', { name: 'End time of range 1 on Saturday' });
    await expect(saturdayStart.locator('option:checked')).toHaveText('9:00 AM');
    await expect(saturdayEnd.locator('option:checked')).toHaveText('6:00 PM');
    // An end at or before the start is impossible.
    await expect(saturdayEnd.locator('option', { hasText: /^9:00 AM$/ })).toBeDisabled();
    await saturdayEnd.selectOption({ label: '1:00 PM' });
    await saturday.getByRole('button', { name: 'Add time range on Saturday' }).click();
    const saturdayStart2 = saturday.getByRole('combobox', { name: 'Start time of range 2 on Saturday' });
    await expect(saturdayStart2.locator('option:checked')).toHaveText('1:00 PM');
    // Overlapping the first range is not offered.
    await expect(saturdayStart2.locator('option', { hasText: /^11:00 AM$/ })).toBeDisabled();
    await saturday.getByRole('button', { name: 'Remove time range 2 on Saturday' }).click();

    const weeklySaved = page.waitForRequest('**/api/provider-availability/days/recurring');
    await page.getByRole('button', { name: 'Save weekly hours' }).click();
    const weeklyBody = (await weeklySaved).postDataJSON() as { days: unknown[] };
    expect(weeklyBody.days[5]).toEqual({
      dayOfWeek: 6,
      isAvailable: true,
      timeslotIntervals: [{ startTime: '09:00', endTime: '13:00' }],
    });
    await expect(page.getByText('Data saved successfully')).toBeVisible();
    await page.screenshot({ path: 'test-results/availability-week-en.png', fullPage: true });

    // Provider: a specific date (a Sunday) from 9:00 AM to 11:00 AM.
    await page.getByRole('button', { name: 'Add specific date' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit specific dates' });
    await expect(dialog.getByText('select a date and time')).toBeVisible();
    await expect(dialog.getByText('Choose a date in the calendar.')).toBeVisible();
    await showMonthOf(dialog, special, today);
    await dialog.getByRole('button', { name: dayMonthYear(special) }).click();
    const dayLabel =
      (await dialog.getByRole('heading', { name: /^Time ranges on / }).textContent())?.replace('Time ranges on ', '') ??
      '';
    const specialEnd = dialog.getByRole('combobox', { name: `End time of range 1 on ${dayLabel}` });
    await expect(specialEnd.locator('option:checked')).toHaveText('6:00 PM');
    // Marking the date unavailable clears its ranges; unticking brings back 09:00-18:00.
    await dialog.getByRole('checkbox', { name: 'Unavailable on this date' }).check();
    await expect(dialog.getByRole('combobox')).toHaveCount(0);
    await dialog.getByRole('checkbox', { name: 'Unavailable on this date' }).uncheck();
    await specialEnd.selectOption({ label: '11:00 AM' });
    await page.screenshot({ path: 'test-results/availability-specific-date-en.png' });
    await expectAccessible(page);
    const daySaved = page.waitForRequest('**/api/provider-availability/days/custom');
    await dialog.getByRole('button', { name: 'Save date' }).click();
    expect((await daySaved).postDataJSON()).toMatchObject({
      date: special,
      isAvailable: true,
      timeSlotsInterval: [{ startTime: '09:00', endTime: '11:00' }],
    });
    await expect(dialog).toBeHidden();
    const list = page.getByTestId('specific-dates');
    await expect(list).toContainText('9:00 AM – 11:00 AM');
    await expect(
      list.getByRole('button', { name: new RegExp(`^Delete .*${dayMonthYear(special).source}`) }),
    ).toBeVisible();

    // Provider: the calendar shows the date's free slots.
    await page.getByRole('navigation', { name: 'Account navigation' }).getByRole('link', { name: 'Calendar' }).click();
    await page.waitForURL('**/calendar/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendar');
    await showMonthOf(page, special, today);
    await page
      .getByRole('button', { name: new RegExp(`${dayMonthYear(special).source}: 2 free, 0 held, 0 booked`) })
      .click();
    const daySlots = page.getByTestId('calendar-day-slots');
    await expect(daySlots.getByRole('listitem')).toHaveText(['9:00 AM – 10:00 AMFree', '10:00 AM – 11:00 AMFree']);
    await page.screenshot({ path: 'test-results/availability-calendar-en.png', fullPage: true });
    await expectAccessible(page);

    // The provider's screens in German.
    await visit('/de/provider-availability/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verfügbarkeit');
    await page.screenshot({ path: 'test-results/availability-week-de.png', fullPage: true });
    await visit('/de/calendar/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kalender');
    await page.screenshot({ path: 'test-results/availability-calendar-de.png', fullPage: true });

    // A client in New York: the Lagos 09:00 and 10:00 slots in New York time.
    const login = await request.post('/api/user/login', { data: PROVIDER });
    const providerId = ((await login.json()) as { user: { identifier: string } }).user.identifier;
    const first = zonedInstant(special, 9, PROVIDER_ZONE);
    const second = zonedInstant(special, 10, PROVIDER_ZONE);
    const third = zonedInstant(special, 11, PROVIDER_ZONE);
    const nyDate = dateIn(CLIENT_ZONE, first);
    const nyToday = dateIn(CLIENT_ZONE, new Date());
    const firstLabel = `${clock12(first, CLIENT_ZONE)} – ${clock12(second, CLIENT_ZONE)}`;
    const secondLabel = `${clock12(second, CLIENT_ZONE)} – ${clock12(third, CLIENT_ZONE)}`;

    const context = await browser.newContext({
      baseURL,
      timezoneId: CLIENT_ZONE,
      locale: 'en-US',
      reducedMotion: 'reduce',
    });
    try {
      const client = await context.newPage();
      await client.goto(`/providers/${providerId}/availability/`);
      await client.waitForLoadState('networkidle');
      await expect(client.getByText('Times are shown in your time zone: America/New York')).toBeVisible();
      await expectAccessible(client);
      await client.getByRole('button', { name: 'Reject' }).click();
      // A day is chosen by default (today if it has slots, else the next day with slots).
      await expect(client.getByRole('heading', { name: /^Available times on / })).toBeVisible();
      await expect(client.getByRole('table').getByRole('button', { pressed: true })).toHaveCount(1);
      await showMonthOf(client, nyDate, nyToday);
      await client
        .getByRole('button', { name: new RegExp(`${dayMonthYear(nyDate).source}, 2 slots available`) })
        .click();
      const slots = client.getByRole('radiogroup');
      await expect(slots.getByRole('radio')).toHaveCount(2);
      await slots.getByRole('radio', { name: firstLabel }).check({ force: true });
      await expect(slots.getByRole('radio', { name: secondLabel })).toBeVisible();
      await expect(client.getByTestId('chosen-slot')).toContainText(clock12(first, CLIENT_ZONE));
      await client.screenshot({ path: 'test-results/availability-booking-en.png', fullPage: true });
      await expectAccessible(client);

      await client.goto(`/de/providers/${providerId}/availability/`);
      await client.waitForLoadState('networkidle');
      await expect(client.getByText('Zeiten in deiner Zeitzone: America/New York')).toBeVisible();
      await showMonthOf(client, nyDate, nyToday, 'Nächster Monat');
      await client
        .getByRole('button', { name: new RegExp(`${dayMonthYear(nyDate, 'de').source}, 2 freie Termine`) })
        .click();
      const firstLabelDe = `${clock24(first, CLIENT_ZONE)} – ${clock24(second, CLIENT_ZONE)}`;
      await expect(client.getByRole('radio', { name: firstLabelDe })).toBeAttached();
      await client.screenshot({ path: 'test-results/availability-booking-de.png', fullPage: true });
      await expectAccessible(client);
    } finally {
      await context.close();
    }
  });
});
