import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import ICAL from 'ical.js';
import { CLIENT, GB_PROVIDER, PROVIDER, paidSession, topUp } from './demo';
import { expect, expectAccessible, test } from './fixtures';
import { type Account, addDays, dateIn, signIn, tokenOf } from './helpers';

/** "20270310T100000": an iCalendar local date-time. */
const icalTime = (date: string, hour: number) => `${date.replaceAll('-', '')}T${String(hour).padStart(2, '0')}0000`;

/**
 * A Google-style secret calendar in the provider's zone: a weekly event 10:00–12:00 from `day`,
 * twice, its second occurrence moved to 14:00–15:00 (a RECURRENCE-ID exception).
 */
function googleCalendar(zone: string, day: string): string {
  const next = addDays(day, 7);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'BEGIN:VEVENT',
    'UID:supervision-e2e@google.com',
    `DTSTART;TZID=${zone}:${icalTime(day, 10)}`,
    `DTEND;TZID=${zone}:${icalTime(day, 12)}`,
    'RRULE:FREQ=WEEKLY;COUNT=2',
    'SUMMARY:Supervision',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:supervision-e2e@google.com',
    `RECURRENCE-ID;TZID=${zone}:${icalTime(next, 10)}`,
    `DTSTART;TZID=${zone}:${icalTime(next, 14)}`,
    `DTEND;TZID=${zone}:${icalTime(next, 15)}`,
    'SUMMARY:Supervision (moved)',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

async function serve(body: () => string): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag: '"e2e"' });
    response.end(body());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/calendar/ical/praxis%40group.calendar.google.com/private-e2e/basic.ics`,
  };
}

async function providerOf(request: APIRequestContext, account: Account) {
  const token = await tokenOf(request, account);
  const headers = { Authorization: `Bearer ${token}` };
  const login = await (await request.post('/api/user/login', { data: account })).json();
  const settings = await (await request.get('/api/provider-availability/settings', { headers })).json();
  return { id: login.user.identifier as string, zone: settings.timezone as string, headers };
}

/** The start times ("10:00") of a provider's free slots on a date, in the provider's zone. */
async function startTimes(request: APIRequestContext, providerId: string, date: string, zone: string) {
  const answer = await request.get(
    `/api/providers-availability/${providerId}/timeslot/${date}?timezone=${encodeURIComponent(zone)}`,
  );
  expect(answer.ok()).toBe(true);
  return ((await answer.json()).days[0].timeSlot as Array<{ startTime: string }>).map((slot) => slot.startTime);
}

/** A weekday at least four days ahead in the zone with the provider's 10:00 and 11:00 free, and 14:00 a week later. */
async function freeDay(request: APIRequestContext, providerId: string, zone: string) {
  const today = dateIn(zone, new Date());
  for (let days = 4; days < 40; days += 1) {
    const day = addDays(today, days);
    const first = await startTimes(request, providerId, day, zone);
    const second = await startTimes(request, providerId, addDays(day, 7), zone);
    if (first.includes('10:00') && first.includes('11:00') && second.includes('14:00') && second.includes('10:00')) {
      return { day, first, second };
    }
  }
  throw new Error('no free day for the busy calendar');
}

const journeys = [
  {
    lang: 'en',
    account: PROVIDER,
    path: '/provider-availability/',
    words: {
      heading: 'Busy times from your other calendars',
      name: 'Name',
      url: 'Secret address (iCal format)',
      add: 'Add calendar',
      ok: /Up to date, checked .*Busy times ahead: 2/,
    },
  },
  {
    lang: 'de',
    account: GB_PROVIDER,
    path: '/de/provider-availability/',
    words: {
      heading: 'Belegte Zeiten aus deinen anderen Kalendern',
      name: 'Name',
      url: 'Geheime Adresse (iCal-Format)',
      add: 'Kalender hinzufügen',
      ok: /Aktuell, abgerufen .*Belegte Zeiten in Zukunft: 2/,
    },
  },
] as const;

test.describe('calendar feeds', () => {
  for (const journey of journeys) {
    test(`a provider adds a Google-style busy calendar and its times stop being offered (${journey.lang})`, async ({
      page,
      request,
      visit,
    }) => {
      // Finding a free day asks for a few weeks of slots, and the first fetch waits for the job.
      test.setTimeout(120_000);
      const provider = await providerOf(request, journey.account);
      const { day, first, second } = await freeDay(request, provider.id, provider.zone);
      const calendar = await serve(() => googleCalendar(provider.zone, day));
      try {
        await signIn(page, journey.account, journey.path);
        await visit(journey.path);
        const section = page.getByTestId('external-calendars');
        await expect(section.getByRole('heading', { name: journey.words.heading })).toBeVisible();
        await section.getByLabel(journey.words.name, { exact: true }).fill('Praxis (Google)');
        await section.getByLabel(journey.words.url).fill(calendar.url);
        await section.getByRole('button', { name: journey.words.add }).click();
        // The server fetches it at once (the job is woken); the list polls until it is read.
        await expect(section.getByText(journey.words.ok)).toBeVisible({ timeout: 20_000 });
        await expect(section).not.toContainText('private-e2e');
        await page.screenshot({ path: `test-results/calendar-feeds-busy-${journey.lang}.png`, fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
        await section.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/calendar-feeds-busy-${journey.lang}-390.png` });
        await page.setViewportSize({ width: 1280, height: 720 });
        await expectAccessible(page);

        // Exactly the occurrences are gone: 10:00 and 11:00 on the day, the moved 14:00 a week later.
        expect(await startTimes(request, provider.id, day, provider.zone)).toEqual(
          first.filter((time) => time !== '10:00' && time !== '11:00'),
        );
        expect(await startTimes(request, provider.id, addDays(day, 7), provider.zone)).toEqual(
          second.filter((time) => time !== '14:00'),
        );

        // Removing it offers the times again.
        await section.getByRole('button', { name: /Praxis \(Google\)/ }).click();
        await expect(section.getByRole('button', { name: /Praxis \(Google\)/ })).toHaveCount(0);
        await expect.poll(() => startTimes(request, provider.id, day, provider.zone)).toEqual(first);
      } finally {
        calendar.server.close();
      }
    });
  }

  for (const lang of ['en', 'de'] as const) {
    test(`a client copies their feed address from /security and it lists their session (${lang})`, async ({
      page,
      request,
      visit,
    }) => {
      await topUp(request, await tokenOf(request, CLIENT), 2_000_000);
      const bookingId = await paidSession(request, CLIENT, PROVIDER);
      const path = lang === 'de' ? '/de/security/' : '/security/';
      await signIn(page, CLIENT, path);
      await visit(path);
      const section = page.getByTestId('calendar-feed');
      const words =
        lang === 'de'
          ? {
              create: 'Meine Kalenderadresse erstellen',
              label: 'Deine private Kalenderadresse',
              copy: 'Adresse kopieren',
              copied: 'Adresse kopiert',
            }
          : {
              create: 'Create my calendar address',
              label: 'Your private calendar address',
              copy: 'Copy address',
              copied: 'Address copied',
            };
      const create = section.getByRole('button', { name: words.create });
      if (await create.isVisible()) await create.click();
      const field = section.getByLabel(words.label);
      await expect(field).toHaveValue(/\/api\/calendar-feed\/sessions\.ics\?token=/);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await section.getByRole('button', { name: words.copy }).click();
      await expect(page.getByText(words.copied)).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await field.inputValue());
      await expect(
        section.getByRole('link', {
          name: lang === 'de' ? 'In meiner Kalender-App öffnen' : 'Open in my calendar app',
        }),
      ).toHaveAttribute('href', copied.replace(/^https?:/, 'webcal:'));
      await page.screenshot({ path: `test-results/calendar-feeds-security-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/calendar-feeds-security-${lang}-390.png` });

      // A calendar app fetches it with no session.
      const feed = await request.get(copied, { headers: { Authorization: '' } });
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toContain('text/calendar');
      const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent');
      const session = events.find((event) => String(event.getFirstPropertyValue('uid')).includes(bookingId));
      expect(session?.getFirstPropertyValue('status')).toBe('CONFIRMED');
      // In the owner's own language (their account's), whatever page they copied it from.
      expect(['Therapy session', 'Therapiesitzung']).toContain(session?.getFirstPropertyValue('summary'));
    });
  }
});
