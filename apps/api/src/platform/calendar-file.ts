import type { Language } from '@app/shared/constants';
import ical, { type ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Config } from '../config.ts';
import { appLink } from './action-email.ts';
import { translate } from './i18n.ts';
import type { EmailAttachment } from './mailer.ts';

/** One session as a calendar entry: what every .ics of a booking is made from. */
export interface SessionCalendarEntry {
  /** The booking's id: the entry's UID, so a moved or cancelled session updates the same entry. */
  bookingId: string;
  /** Grows with every change (the booking event's sequence number): calendars keep the newest. */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  /** A page of the app about the session. */
  url: string;
  cancelled?: boolean;
  /** The UID's domain (the site's host). */
  host: string;
  /** The instant the file is made (DTSTAMP). */
  stamp: Date;
}

const PRODUCT = { company: 'TherapyHub', product: 'sessions', language: 'EN' } as const;

function addSession(calendar: ICalCalendar, entry: SessionCalendarEntry): void {
  calendar.createEvent({
    id: `booking-${entry.bookingId}@${entry.host}`,
    sequence: entry.sequence,
    start: entry.startsAt,
    end: entry.endsAt,
    stamp: entry.stamp,
    summary: entry.summary,
    description: entry.description,
    url: entry.url,
    status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

/**
 * An iCalendar (RFC 5545) file for one session, made with ical-generator: times in UTC, METHOD
 * PUBLISH (an entry to add, not an invitation to answer), or CANCEL with STATUS CANCELLED for a
 * cancelled session. Used by booking emails, reminders and GET /api/booking/{id}/calendar.ics.
 */
export function sessionCalendar(entry: SessionCalendarEntry): string {
  const calendar = ical({ prodId: PRODUCT });
  calendar.method(entry.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH);
  addSession(calendar, entry);
  return calendar.toString();
}

/**
 * A subscription feed of many sessions (a person's calendar feed): the same entries as the
 * per-session files (same UID and SEQUENCE, so a session added from an email and the feed's entry
 * are one), cancelled ones kept as STATUS CANCELLED so subscribed calendars drop them.
 */
export function sessionFeedCalendar(input: {
  name: string;
  entries: readonly SessionCalendarEntry[];
  /** How often calendar apps should fetch it again (seconds). */
  refreshSeconds: number;
}): string {
  const calendar = ical({ prodId: PRODUCT, name: input.name, ttl: input.refreshSeconds });
  calendar.method(ICalCalendarMethod.PUBLISH);
  for (const entry of input.entries) addSession(calendar, entry);
  return calendar.toString();
}

/** The .ics as an email attachment. */
export function calendarAttachment(ics: string, cancelled = false): EmailAttachment {
  return {
    filename: 'session.ics',
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    content: ics,
  };
}

/** What a localized session entry is made from. */
export interface LocalizedSessionInput {
  language: Language;
  bookingId: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  /** The other person of the session ('' when unknown, erased or not to be shown). */
  withName: string;
  /** Therapy and format lines, already in the reader's language. */
  details: string[];
  cancelled?: boolean;
  stamp: Date;
}

/** A session's calendar entry in the reader's language (words under notifications.calendar). */
export function localizedSessionEntry(
  config: Pick<Config, 'PUBLIC_URL'>,
  input: LocalizedSessionInput,
): SessionCalendarEntry {
  const url = appLink(config, input.language, `/appointments/${input.bookingId}/`);
  const t = (key: string, params: Record<string, unknown> = {}) =>
    translate(input.language, `notifications.calendar.${key}`, params);
  return {
    bookingId: input.bookingId,
    sequence: input.sequence,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    summary: input.withName ? t('summaryWith', { name: input.withName }) : t('summary'),
    description: [...input.details, t('open', { url })].join('\n'),
    url,
    cancelled: input.cancelled,
    host: new URL(config.PUBLIC_URL ?? 'http://localhost').hostname,
    stamp: input.stamp,
  };
}

/** A session's calendar file in the reader's language. */
export function localizedSessionCalendar(config: Pick<Config, 'PUBLIC_URL'>, input: LocalizedSessionInput): string {
  return sessionCalendar(localizedSessionEntry(config, input));
}
