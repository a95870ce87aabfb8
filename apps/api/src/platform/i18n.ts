import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@app/shared/constants';
import de from '@app/shared/i18n/de.json' with { type: 'json' };
import en from '@app/shared/i18n/en.json' with { type: 'json' };
import type { FastifyRequest } from 'fastify';
import i18next, { type TFunction } from 'i18next';

const catalogs = { en, de } as const;

/** One i18next instance per language, created synchronously once (STACK.md: never changeLanguage a shared one). */
const translators = new Map<Language, TFunction>(
  LANGUAGES.map((language) => {
    const instance = i18next.createInstance();
    instance.init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      resources: { [language]: { translation: catalogs[language] }, en: { translation: catalogs.en } },
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    return [language, instance.t.bind(instance) as TFunction];
  }),
);

export function translator(language: Language): TFunction {
  return translators.get(language) ?? (translators.get(DEFAULT_LANGUAGE) as TFunction);
}

/** Translates a key, or returns the text as is when it is not a key (a message already in words). */
export function translate(language: Language, key: string, params: Record<string, unknown> = {}): string {
  return translator(language)(key, { ...params, defaultValue: key }) as string;
}

/** How long something lasts, in words: whole hours when it is a whole number of them ("24 hours", "1 Stunde"), else minutes. */
export function durationText(language: Language, seconds: number): string {
  const [value, unit] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** The request's language: X-Language, then X-Locale's language, then a /de/ path prefix, then Accept-Language, then en. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['x-language'];
  const explicit = Array.isArray(header) ? header[0] : header;
  if (isLanguage(explicit)) return explicit;
  const locale = request.headers['x-locale'];
  const localeLanguage = (Array.isArray(locale) ? locale[0] : locale)?.split(/[-_]/)[0]?.toLowerCase();
  if (isLanguage(localeLanguage)) return localeLanguage;
  if (request.url.startsWith('/de/') || request.url === '/de') return 'de';
  const accept = request.headers['accept-language'];
  if (typeof accept === 'string') {
    const first = accept.split(',')[0]?.trim().slice(0, 2).toLowerCase();
    if (isLanguage(first)) return first;
  }
  return DEFAULT_LANGUAGE;
}
