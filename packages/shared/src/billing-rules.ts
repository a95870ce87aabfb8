/**
 * Rules of the papers a session produces (receipts, invoices, US superbills, statements) that the
 * web and the API both apply.
 */

/**
 * A National Provider Identifier: 10 digits whose last is a Luhn check digit computed over the
 * first nine prefixed with 80840 (the NPI's card-issuer prefix, as CMS specifies it).
 */
export function isValidNpi(value: string): boolean {
  if (!/^[0-9]{10}$/.test(value)) return false;
  const digits = `80840${value}`;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** An ICD-10-CM code as written on claims: letter, two characters, then up to four after a dot. */
const ICD10 = /^[A-TV-Z][0-9][0-9AB](\.[0-9A-TV-Z]{1,4})?$/;

/** Upper case with the dot after the category ("f411" → "F41.1"); undefined when it is no code. */
export function normalizeIcd10(value: string): string | undefined {
  const compact = value.trim().toUpperCase().replace('.', '');
  const code = compact.length > 3 ? `${compact.slice(0, 3)}.${compact.slice(3)}` : compact;
  return ICD10.test(code) ? code : undefined;
}

/** At most this many diagnoses per session (a claim's first four pointers). */
export const DIAGNOSES_MAX = 4;

/** CMS place-of-service codes of a telehealth session: in the patient's home, or elsewhere. */
export const TELEHEALTH_PLACES_OF_SERVICE = ['10', '02'] as const;
export type TelehealthPlaceOfService = (typeof TELEHEALTH_PLACES_OF_SERVICE)[number];

/**
 * Superbills are for US insurers, and only a US provider has an NPI: a session billed in US
 * dollars has one, others do not.
 */
export function hasSuperbill(session: { currencyCode: string }): boolean {
  return session.currencyCode === 'USD';
}

/** A statement or superbill month, `YYYY-MM`. */
export const MONTH_PATTERN = /^[0-9]{4}-(0[1-9]|1[0-2])$/;
