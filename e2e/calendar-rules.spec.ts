import type { APIRequestContext } from '@playwright/test';
import { US_PROVIDER } from './demo';
import { expect, test } from './fixtures';
import { addDays, dateIn, signIn } from './helpers';

/**
 * A provider sets a 12-hour minimum notice and a holiday on the availability page and the slots
 * go: from the provider's own month and from the public calendar (the page's data), in en and de.
 * The rules and the holiday are taken back afterwards (the demo provider is shared).
 */

const WORDS = {
  en: {
    notice: 'Minimum notice (hours)',
    saveRules: 'Save booking rules',
    saved: 'Booking rules saved',
    from: 'From (date)',
    until: 'Until (date)',
    note: 'Note (optional)',
    add: 'Add time off',
    added: 'Time off added',
  },
  de: {
    notice: 'Mindestvorlauf (Stunden)',
    saveRules: 'Buchungsregeln speichern',
    saved: 'Buchungsregeln gespeichert',
    from: 'Von (Datum)',
    until: 'Bis (Datum)',
    note: 'Notiz (optional)',
    add: 'Abwesenheit hinzufügen',
    added: 'Abwesenheit hinzugefügt',
  },
} as const;

interface Slot {
  startAt: string;
}

async function publicSlots(request: APIRequestContext, providerId: string, date: string): Promise<Slot[]> {
  const answer = await request.get(`/api/providers-availability/${providerId}/timeslot/${date}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()).days[0].timeSlot;
}

async function publicMonthDays(request: APIRequestContext, providerId: string, month: string): Promise<string[]> {
  const answer = await request.get(`/api/providers-availability/${providerId}/month/${month}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()).days.map((day: { date: string }) => day.date);
}

async function ownSlots(request: APIRequestContext, token: string, date: string): Promise<Slot[]> {
  const answer = await request.get(`/api/provider-availability/timeslot/${date.slice(0, 7)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  const days = (await answer.json()).days as Array<{ date: string; timeSlot: Slot[] }>;
  return days.find((day) => day.date === date)?.timeSlot ?? [];
}

for (const language of ['en', 'de'] as const) {
  test(`a provider sets a 12 h notice and a holiday and the slots disappear (${language})`, async ({
    page,
    request,
  }) => {
    const words = WORDS[language];
    const login = await (await request.post('/api/user/login', { data: US_PROVIDER })).json();
    const token = login.token as string;
    const providerId = login.user.identifier as string;
    const headers = { Authorization: `Bearer ${token}` };
    const zone = (await (await request.get('/api/provider-availability/settings', { headers })).json())
      .timezone as string;
    const today = dateIn(zone, new Date());

    // The first two dates from tomorrow on with public slots: the holiday is the second.
    const withSlots: string[] = [];
    for (let days = 1; days < 40 && withSlots.length < 2; days += 1) {
      const date = addDays(today, days);
      if ((await publicSlots(request, providerId, date)).length > 0) withSlots.push(date);
    }
    const holiday = withSlots[1] as string;
    expect(holiday).toBeDefined();
    expect((await ownSlots(request, token, holiday)).length).toBeGreaterThan(0);

    try {
      const prefix = language === 'de' ? '/de' : '';
      await signIn(page, US_PROVIDER, `${prefix}/provider-availability/`);

      const notice = page.getByRole('spinbutton', { name: words.notice });
      await notice.fill('12');
      await page.getByRole('button', { name: words.saveRules }).click();
      // The first save on a fresh server also refreshes the directory's next free slot: give it time.
      await expect(page.getByText(words.saved)).toBeVisible({ timeout: 30_000 });

      await page.getByLabel(words.from).fill(holiday);
      await page.getByLabel(words.until).fill(addDays(holiday, 1));
      await page.getByLabel(words.note).fill(language === 'de' ? 'Urlaub in Köln' : 'Holiday in Lagos');
      await page.getByRole('button', { name: words.add }).click();
      await expect(page.getByText(words.added)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(language === 'de' ? 'Urlaub in Köln' : 'Holiday in Lagos')).toBeVisible();

      // The settings as the provider sees them, wide and on a phone (kept with the test's output).
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const cards = page.locator(
          'section[aria-labelledby="rules-heading"], section[aria-labelledby="time-off-heading"]',
        );
        await expect(cards).toHaveCount(2);
        for (const [index, name] of ['rules', 'time-off'].entries()) {
          await cards.nth(index).screenshot({ path: test.info().outputPath(`${name}-${language}-${width}.png`) });
        }
      }

      // The holiday: no slot on the provider's month, none on the public calendar.
      expect(await ownSlots(request, token, holiday)).toEqual([]);
      expect(await publicSlots(request, providerId, holiday)).toEqual([]);
      expect(await publicMonthDays(request, providerId, holiday.slice(0, 7))).not.toContain(holiday);
      // The notice: nothing offered sooner than 12 hours from now.
      const earliest = Date.now() + 12 * 3_600_000 - 60_000;
      for (const date of [today, addDays(today, 1)]) {
        for (const slot of await publicSlots(request, providerId, date)) {
          expect(Date.parse(slot.startAt)).toBeGreaterThan(earliest);
        }
      }
    } finally {
      const list = await (await request.get('/api/provider-availability/time-off', { headers })).json();
      for (const range of list.timeOff as Array<{ identifier: string }>) {
        await request.delete(`/api/provider-availability/time-off/${range.identifier}`, { headers });
      }
      const settings = await (await request.get('/api/provider-availability/settings', { headers })).json();
      await request.put('/api/provider-availability/settings', {
        headers,
        data: { bookingRules: { ...settings.bookingRules, minNoticeHours: 0 } },
      });
    }
  });
}
