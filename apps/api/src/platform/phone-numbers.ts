import { compactPhone } from '@app/shared/people-rules';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A typed phone number as stored: E.164 ("+442079460958") when libphonenumber-js reads it as a
 * possible number, from its own + prefix or the person's country; otherwise the digits as typed
 * without separators (a leading + kept), so nothing a person typed is lost.
 */
export function normalizePhoneNumber(typed: string, countryCode?: string | null): string {
  const country =
    countryCode && /^[A-Za-z]{2}$/.test(countryCode) ? (countryCode.toUpperCase() as CountryCode) : undefined;
  try {
    const parsed = parsePhoneNumberFromString(typed, country);
    if (parsed?.isPossible()) return parsed.number;
  } catch {
    // An unknown country code: keep the typed digits.
  }
  return compactPhone(typed);
}
