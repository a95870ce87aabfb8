import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test helpers of the calendar feeds module (not used by the app). */

/**
 * A calendar the way Google serves a secret address: a weekly Wednesday 10:00–11:00 (Lagos) for
 * four weeks, its second occurrence moved to 14:00, its third taken out (EXDATE), a one-off in UTC
 * on Thursday, and an entry shown as free (TRANSP:TRANSPARENT) that must not block anything.
 */
export const GOOGLE_STYLE_CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'X-WR-CALNAME:Praxis Müller-Lüdenscheidt',
  'X-WR-TIMEZONE:Africa/Lagos',
  'BEGIN:VEVENT',
  'UID:weekly-supervision@google.com',
  'DTSTART;TZID=Africa/Lagos:20270303T100000',
  'DTEND;TZID=Africa/Lagos:20270303T110000',
  'RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=4',
  'EXDATE;TZID=Africa/Lagos:20270317T100000',
  'SUMMARY:Supervision',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:weekly-supervision@google.com',
  'RECURRENCE-ID;TZID=Africa/Lagos:20270310T100000',
  'DTSTART;TZID=Africa/Lagos:20270310T140000',
  'DTEND;TZID=Africa/Lagos:20270310T150000',
  'SUMMARY:Supervision (moved)',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:dentist@google.com',
  'DTSTART:20270304T123000Z',
  'DTEND:20270304T133000Z',
  'SUMMARY:Dentist',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:reminder@google.com',
  'DTSTART:20270305T080000Z',
  'DTEND:20270305T090000Z',
  'TRANSP:TRANSPARENT',
  'SUMMARY:Reminder only',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** The busy times GOOGLE_STYLE_CALENDAR gives, in UTC. */
export const GOOGLE_STYLE_BUSY = [
  { startsAt: '2027-03-03T09:00:00.000Z', endsAt: '2027-03-03T10:00:00.000Z' },
  { startsAt: '2027-03-04T12:30:00.000Z', endsAt: '2027-03-04T13:30:00.000Z' },
  { startsAt: '2027-03-10T13:00:00.000Z', endsAt: '2027-03-10T14:00:00.000Z' },
  { startsAt: '2027-03-24T09:00:00.000Z', endsAt: '2027-03-24T10:00:00.000Z' },
];

export interface CalendarServer {
  url: string;
  requests: IncomingMessage[];
  /** What the next requests get (default: the calendar with an ETag, 304 when it matches). */
  handle: (request: IncomingMessage, response: ServerResponse) => void;
  close(): Promise<void>;
}

/** A local HTTP server serving `body` like a calendar host: ETag and Last-Modified, 304 on a match. */
export async function startCalendarServer(body = GOOGLE_STYLE_CALENDAR): Promise<CalendarServer> {
  const etag = '"v1"';
  const lastModified = 'Mon, 01 Mar 2027 08:00:00 GMT';
  const state: CalendarServer = {
    url: '',
    requests: [],
    handle: (request, response) => {
      if (request.headers['if-none-match'] === etag) {
        response.writeHead(304, { etag });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag, 'last-modified': lastModified });
      response.end(body);
    },
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    state.requests.push(request);
    state.handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
