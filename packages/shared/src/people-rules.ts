/**
 * How people's names and phone numbers are written, for every form and the server alike
 * (docs/decisions/profiles-real-names.md says where this departs from SPEC.md's patterns).
 */

/** The longest name a form takes (first or last name, each). */
export const PERSON_NAME_MAX = 50;

/**
 * A name: a letter of any script first, then letters (with their combining marks), and single
 * spaces, hyphens or apostrophes between letters: "Jean-Luc", "O'Brien", "Müller-Lüdenscheidt",
 * "José María", "Nguyễn", "李小龙", "محمد". No digits, symbols, markup or doubled separators.
 */
export const PERSON_NAME_PATTERN = /^\p{L}\p{M}*(?:[ '’-]?\p{L}\p{M}*)*$/u;

/**
 * A professional title: a name, where a part may also end with a period ("Dipl.-Psych.",
 * "Dr. med.", "M.Sc.").
 */
export const PERSON_TITLE_PATTERN = /^\p{L}\p{M}*(?:(?:\. ?|[ '’-]|\.-)?\p{L}\p{M}*)*\.?$/u;

/**
 * An account holder: a name that may also carry the commas and periods banks print
 * ("Maya O'Patel", "Okafor, Chidi", "Acme Therapy Ltd.").
 */
export const ACCOUNT_HOLDER_PATTERN = /^\p{L}\p{M}*(?:(?:[.,] ?|[ '’-])?\p{L}\p{M}*)*\.?$/u;

/**
 * A phone number as people type it: digits with spaces and the separators ( ) - . /, and at
 * most one + at the start: "+44 (20) 1234-5678", "0171 234 5678", "+49 30/1234567".
 */
export const PHONE_TYPED_PATTERN = /^\+?[\d ()./-]+$/;

/** The digits of a typed phone number (the + and separators left out). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** A typed phone number without its separators: "+44 (20) 1234-5678" → "+442012345678". */
export function compactPhone(value: string): string {
  const trimmed = value.trim();
  return (trimmed.startsWith('+') ? '+' : '') + phoneDigits(trimmed);
}
