import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';
import { openAtRest, sealAtRest } from '../../platform/uploads/sealed-at-rest.ts';
import type { FetchPolicy } from './safe-fetch.ts';

/** What the operator allows: https only and public addresses only, unless EXTERNAL_CALENDARS_ALLOW_PRIVATE (tests). */
export function fetchPolicy(config: Pick<Config, 'NODE_ENV' | 'EXTERNAL_CALENDARS_ALLOW_PRIVATE'>): FetchPolicy {
  return {
    allowHttp: config.EXTERNAL_CALENDARS_ALLOW_PRIVATE || config.NODE_ENV !== 'production',
    allowPrivate: config.EXTERNAL_CALENDARS_ALLOW_PRIVATE,
  };
}

// The secret address is sealed like a private file: the key comes from APP_SECRET and the provider.
const sealKey = (providerId: string) => `external-calendar:${providerId}`;

export function sealCalendarUrl(config: Pick<Config, 'APP_SECRET'>, providerId: string, url: string): string {
  return sealAtRest(config.APP_SECRET, sealKey(providerId), Buffer.from(url, 'utf8')).toString('base64');
}

export function openCalendarUrl(config: Pick<Config, 'APP_SECRET'>, providerId: string, sealed: string): string {
  return openAtRest(config.APP_SECRET, sealKey(providerId), Buffer.from(sealed, 'base64')).toString('utf8');
}

export function calendarUrlHash(url: string): string {
  return createHash('sha256').update(url).digest('hex');
}

/** "calendar.google.com/…/basic.ics": enough to recognise the address, not enough to use it. */
export function calendarUrlHint(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  const tail = last.length > 12 ? `…${last.slice(-8)}` : last;
  return `${url.hostname}/…${tail ? `/${tail}` : ''}`;
}
