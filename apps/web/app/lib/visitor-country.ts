import { COOKIES, DEFAULT_COUNTRY } from '@app/shared/constants';
import { readCookie } from '@app/shared/cookies';

/** The visitor's country on the server: a trusted proxy header, else the one they picked, else Nigeria. */
export function visitorCountryOf(request: Request, trusted: string | null): string {
  const picked = readCookie(request.headers.get('cookie'), COOKIES.country);
  const code = trusted ?? picked ?? DEFAULT_COUNTRY;
  return /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : DEFAULT_COUNTRY;
}
