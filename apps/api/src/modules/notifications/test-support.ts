import ICAL from 'ical.js';
import { expect } from 'vitest';
import { catalog, createBookingVia, createProvider, listedSlot, scheduleVia } from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import type { StoredAttachment } from '../../db/schema/index.ts';

/** Test helpers of the notifications module (not used by the app). */

/** A client and a free provider (scheduling confirms at once), with names. */
export async function sessionPair(t: TestApp, options: { clientLanguage?: 'en' | 'de'; clientZone?: string } = {}) {
  const provider = await createProvider(t, { fee: 0, firstName: 'Ada', lastName: 'Obi' });
  const client = await createTestUser(t, {
    role: 'client',
    firstName: 'Bola',
    lastName: 'Ade',
    language: options.clientLanguage,
    timezone: options.clientZone,
  });
  return { provider, client };
}

/** A confirmed session of the pair on `date` (the provider's zone), slot `index` of the day. */
export async function confirmedSession(
  t: TestApp,
  pair: { client: TestUser; provider: TestUser },
  date: string,
  index = 0,
) {
  const ids = await catalog(t);
  const booking = await createBookingVia(t, pair.client, pair.provider, ids);
  const slot = await listedSlot(t, pair.provider.id, date, index);
  const scheduled = await scheduleVia(t, pair.client, booking.identifier, slot.identifier);
  expect(scheduled.status).toBe('confirmed');
  return { bookingId: booking.identifier, slot };
}

/** The first VEVENT of an .ics attachment, parsed with a calendar parser (ical.js). */
export function parseCalendar(attachment: StoredAttachment | undefined) {
  if (!attachment) throw new Error('no calendar attachment');
  const text = Buffer.from(attachment.contentBase64, 'base64').toString('utf8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') as ICAL.Component);
  return {
    text,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    summary: event.summary,
    status: event.component.getFirstPropertyValue('status'),
  };
}
