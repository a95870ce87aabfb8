import { COOKIES } from '@app/shared/constants';
import { readCookie } from '@app/shared/cookies';
import type { FastifyRequest } from 'fastify';

export const DEFAULT_TIMEZONE = 'Africa/Lagos';

/** Countries spanning several zones whose first listed zone (alphabetical) is a poor guess. */
const MAIN_ZONE: Record<string, string> = {
  NG: 'Africa/Lagos',
  GB: 'Europe/London',
  US: 'America/New_York',
  DE: 'Europe/Berlin',
  CA: 'America/Toronto',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  RU: 'Europe/Moscow',
  MX: 'America/Mexico_City',
  ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon',
  CD: 'Africa/Kinshasa',
  ID: 'Asia/Jakarta',
  CN: 'Asia/Shanghai',
  KZ: 'Asia/Almaty',
  AR: 'America/Argentina/Buenos_Aires',
  CL: 'America/Santiago',
  NZ: 'Pacific/Auckland',
  EC: 'America/Guayaquil',
  FR: 'Europe/Paris',
};

/** The zone a user of this country most likely lives in: a known main zone, else the first listed. */
export function countryMainZone(country: { code: string; timezones: string[] } | null | undefined): string | null {
  if (!country) return null;
  const main = MAIN_ZONE[country.code];
  if (main && country.timezones.includes(main)) return main;
  return country.timezones[0] ?? null;
}

const COUNTRY_CODE = /^[A-Za-z]{2}$/;

/** The visitor's country: X-Country-Code, then the country cookie, then a trusted proxy header. */
export function requestCountryCode(
  request: Pick<FastifyRequest, 'headers'> | { headers: Record<string, string | undefined> },
  trustedHeader?: string,
): string | null {
  const candidates = [
    request.headers['x-country-code'],
    readCookie(request.headers.cookie, COOKIES.country),
    trustedHeader ? request.headers[trustedHeader] : undefined,
  ];
  for (const candidate of candidates) {
    const value = Array.isArray(candidate) ? candidate[0] : candidate;
    if (typeof value === 'string' && COUNTRY_CODE.test(value.trim())) return value.trim().toUpperCase();
  }
  return null;
}
