import type { Language } from '@app/shared/constants';
import { localePath } from './i18n';

/**
 * Booking step 1 with a therapist (`/booking/?provider=…`), and with a free time already chosen
 * (`&at=` the slot's start instant) when the client picked one on a page that lists times.
 */
export function bookingPath(language: Language, providerId: string, at?: string): string {
  const search = new URLSearchParams({ provider: providerId });
  if (at) search.set('at', at);
  return `${localePath(language, '/booking/')}?${search.toString()}`;
}

/**
 * The `at=` of a booking link, when it is an instant still ahead of `now`; anything else (a
 * malformed value, a time already past) is no chosen time, and step 1 is the usual one.
 */
export function chosenTimeOf(value: string | null, now: number): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || ms <= now) return null;
  return new Date(ms).toISOString();
}
