export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a value names (an address's segment, an account's setting); anything else reads as the default. */
export function languageOf(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/**
 * The Intl locale a language formats money, numbers and dates with: the reader's language decides
 * separators and word order ("₦100,000.00" in English, "100.000,00 ₦" in German), never the currency.
 */
const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

/** The Intl locale of a language; anything else reads as the default language. */
export function intlLocale(language: string | null | undefined): string {
  return INTL_LOCALES[languageOf(language)];
}

export const OPERATING_COUNTRIES = ['NG', 'GB', 'US', 'DE'] as const;
export type OperatingCountry = (typeof OPERATING_COUNTRIES)[number];
export const DEFAULT_COUNTRY: OperatingCountry = 'NG';

export function isOperatingCountry(code: string): code is OperatingCountry {
  return (OPERATING_COUNTRIES as readonly string[]).includes(code.toUpperCase());
}

/** SPEC.md §9. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MIN_IMAGE_SIDE_PX = 200;
export const TOP_STATES = 3;
export const TOP_CONCERNS = 10;
export const PAGE_START_TIMEOUT_MS = 5000;
export const TOAST_DURATION_MS = 4000;
export const NO_REFUND_WINDOW_HOURS = 48;
export const DEFAULT_SESSION_MINUTES = 60;

/** Cookie names the web app and the server share. */
export const COOKIES = {
  country: 'country_code',
  language: 'lang',
  ignoreCountryPrompt: 'ignore_country_prompt',
  consent: 'cookie_consent',
  userType: 'user_type',
  visitorId: 'visitor_id',
} as const;
