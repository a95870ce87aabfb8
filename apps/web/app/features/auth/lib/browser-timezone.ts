import { isValidTimeZone } from '@app/shared/time-zones';

/** The browser's IANA zone, when the runtime reports a valid one (sign-up stores it). */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}
