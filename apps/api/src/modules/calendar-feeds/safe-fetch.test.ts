import { afterEach, describe, expect, it } from 'vitest';
import { busyTimesOf } from './busy-times.ts';
import { fetchPolicy } from './fetch-policy.ts';
import { CalendarFetchError, fetchCalendar, isForbiddenAddress } from './safe-fetch.ts';
import { type CalendarServer, GOOGLE_STYLE_BUSY, GOOGLE_STYLE_CALENDAR, startCalendarServer } from './test-support.ts';

const production = fetchPolicy({ NODE_ENV: 'production', EXTERNAL_CALENDARS_ALLOW_PRIVATE: false });
const tests = fetchPolicy({ NODE_ENV: 'test', EXTERNAL_CALENDARS_ALLOW_PRIVATE: true });

let server: CalendarServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CalendarFetchError) return error.reason;
    throw error;
  }
  throw new Error('the fetch was not refused');
}

describe('the fetcher in production mode', () => {
  it('refuses loopback, private and link-local addresses before connecting', async () => {
    server = await startCalendarServer();
    const port = new URL(server.url).port;
    for (const host of [
      '127.0.0.1',
      '10.0.0.7',
      '169.254.169.254',
      '[::1]',
      '192.168.1.20',
      '172.16.0.1',
      '[::ffff:127.0.0.1]',
      '[fe80::1]',
      'localhost',
    ]) {
      expect(await refusal(fetchCalendar(`https://${host}:${port}/basic.ics`, production)), host).toBe(
        'forbiddenAddress',
      );
    }
    expect(server.requests).toHaveLength(0);
  });

  it('refuses plain http (and webcal:// means https)', async () => {
    expect(await refusal(fetchCalendar('http://calendar.example.com/basic.ics', production))).toBe('insecure');
    expect(await refusal(fetchCalendar('webcal://127.0.0.1/basic.ics', production))).toBe('forbiddenAddress');
  });

  it('knows every forbidden range and lets public addresses through', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.0.1',
      '::1',
      '100.64.0.1',
      '0.0.0.0',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '142.250.185.78', '2a00:1450:4001:82b::200e']) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });
});

describe('the fetcher where tests allow local servers', () => {
  it('fetches a calendar with its validators, and a conditional request answers 304', async () => {
    server = await startCalendarServer();
    const first = await fetchCalendar(`${server.url}/basic.ics`, tests);
    expect(first).toMatchObject({ notModified: false, etag: '"v1"', lastModified: 'Mon, 01 Mar 2027 08:00:00 GMT' });
    expect(first.body).toBe(GOOGLE_STYLE_CALENDAR);
    const again = await fetchCalendar(`${server.url}/basic.ics`, tests, {
      etag: first.etag,
      lastModified: first.lastModified,
    });
    expect(again.notModified).toBe(true);
    expect(server.requests[1]?.headers['if-none-match']).toBe('"v1"');
    expect(server.requests[1]?.headers['if-modified-since']).toBe('Mon, 01 Mar 2027 08:00:00 GMT');
  });

  it('stops reading past the size limit', async () => {
    server = await startCalendarServer(`BEGIN:VCALENDAR\r\n${'X-PAD:0123456789\r\n'.repeat(2000)}END:VCALENDAR\r\n`);
    expect(await refusal(fetchCalendar(`${server.url}/big.ics`, { ...tests, maxBytes: 10_000 }))).toBe('tooLarge');
  });

  it('gives up after the time limit', async () => {
    server = await startCalendarServer();
    server.handle = () => {}; // never answers
    expect(await refusal(fetchCalendar(`${server.url}/slow.ics`, { ...tests, timeoutMs: 300 }))).toBe('timeout');
  });

  it('follows a few redirects, checks each target again, and stops at too many or at a scheme it may not fetch', async () => {
    server = await startCalendarServer();
    const base = server.url;
    server.handle = (request, response) => {
      const step = Number(new URL(request.url ?? '/', base).searchParams.get('step') ?? 0);
      if (request.url?.startsWith('/loop')) {
        response.writeHead(302, { location: `/loop?step=${step + 1}` });
        response.end();
      } else if (request.url?.startsWith('/to-file')) {
        response.writeHead(301, { location: 'file:///etc/passwd' });
        response.end();
      } else if (request.url?.startsWith('/moved')) {
        response.writeHead(307, { location: '/basic.ics' });
        response.end();
      } else {
        response.writeHead(200, { 'content-type': 'text/calendar' });
        response.end(GOOGLE_STYLE_CALENDAR);
      }
    };
    expect((await fetchCalendar(`${base}/moved`, tests)).body).toBe(GOOGLE_STYLE_CALENDAR);
    expect(await refusal(fetchCalendar(`${base}/loop`, tests))).toBe('tooManyRedirects');
    expect(await refusal(fetchCalendar(`${base}/to-file`, tests))).toBe('insecure');
  });

  it('answers an HTTP error as httpStatus and a non-calendar as notCalendar', async () => {
    server = await startCalendarServer();
    server.handle = (_request, response) => {
      response.writeHead(404);
      response.end('gone');
    };
    expect(await refusal(fetchCalendar(`${server.url}/gone.ics`, tests))).toBe('httpStatus');
    expect(() => busyTimesOf('<html>login</html>', { fromMs: 0, toMs: 1, zone: 'UTC' })).toThrow(CalendarFetchError);
  });
});

describe('busy times of a calendar', () => {
  it('expands the recurring event with its moved and removed occurrences, skips free time', () => {
    const busy = busyTimesOf(GOOGLE_STYLE_CALENDAR, {
      fromMs: Date.parse('2027-03-01T00:00:00Z'),
      toMs: Date.parse('2027-06-01T00:00:00Z'),
      zone: 'Africa/Lagos',
    });
    expect(
      busy.map((b) => ({ startsAt: new Date(b.startMs).toISOString(), endsAt: new Date(b.endMs).toISOString() })),
    ).toEqual(GOOGLE_STYLE_BUSY);
  });

  it('reads times in the calendar’s own VTIMEZONE and across a DST change, all-day entries in the provider’s zone', () => {
    const calendar = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16011028T030000',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010325T020000',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:daily@outlook',
      'DTSTART;TZID=W. Europe Standard Time:20270326T090000',
      'DTEND;TZID=W. Europe Standard Time:20270326T100000',
      'RRULE:FREQ=DAILY;COUNT=3',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:holiday@outlook',
      'DTSTART;VALUE=DATE:20270405',
      'DTEND;VALUE=DATE:20270406',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const busy = busyTimesOf(calendar, {
      fromMs: Date.parse('2027-03-01T00:00:00Z'),
      toMs: Date.parse('2027-06-01T00:00:00Z'),
      zone: 'Europe/Berlin',
    });
    expect(busy.map((b) => new Date(b.startMs).toISOString())).toEqual([
      '2027-03-26T08:00:00.000Z', // 09:00 CET
      '2027-03-27T08:00:00.000Z',
      '2027-03-28T07:00:00.000Z', // 09:00 CEST, after the change that night
      '2027-04-04T22:00:00.000Z', // the all-day entry: Berlin midnight to midnight
    ]);
    expect(new Date(busy[3]?.endMs ?? 0).toISOString()).toBe('2027-04-05T22:00:00.000Z');
  });
});
