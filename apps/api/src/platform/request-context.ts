import { randomUUID } from 'node:crypto';
import { isLanguage, type Language } from '@app/shared/constants';
import type { FastifyRequest } from 'fastify';
import isoCountries from 'i18n-iso-countries';
import type { Config } from '../config.ts';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** X-Locale when given (e.g. `de-DE`, `en-NG`), else the language: dates and amounts in answers. */
    locale: string;
    /** X-Country-Code when given (ISO 3166 alpha-2, upper case), else null. */
    countryCode: string | null;
  }
}

/** The header every request made in view mode carries (DESIGN.md §3, SPEC.md §6). */
export const VIEW_MODE_HEADER = 'x-view-mode';

/** The values X-View-Mode may carry (the web sends `1` with a view-mode token; apps/web/app/api/client.ts). */
export const VIEW_MODE_VALUES = ['1', 'true'] as const;

/** The request's id: the caller's X-Request-Id when it is a sane token (8-64 of [A-Za-z0-9_-]), else a new UUID. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A BCP 47 tag whose language we speak (`de`, `de-DE`, `en-NG`), canonicalised; undefined otherwise. */
export function supportedLocale(value: string): string | undefined {
  let canonical: string | undefined;
  try {
    [canonical] = Intl.getCanonicalLocales(value.trim());
  } catch {
    return undefined;
  }
  if (!canonical) return undefined;
  return isLanguage(canonical.split('-')[0]) ? canonical : undefined;
}

/** The hosts (`name:port`) the site is served on: PUBLIC_URL and PUBLIC_ORIGINS; loopback names stand for each other. */
export function allowedOriginHosts(config: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_ORIGINS'>): Set<string> {
  const hosts = new Set<string>();
  const origins = [config.PUBLIC_URL, ...(config.PUBLIC_ORIGINS?.split(',') ?? [])].filter(Boolean) as string[];
  for (const origin of origins) {
    const url = new URL(origin.trim());
    const port = url.port ? `:${url.port}` : '';
    hosts.add(`${url.hostname}${port}`.toLowerCase());
    if (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
      for (const loopback of ['localhost', '127.0.0.1', '[::1]']) hosts.add(`${loopback}${port}`);
    }
  }
  return hosts;
}

const invalid = (name: string, value: string) =>
  new AppError('INVALID_HEADER', { header: name, value: value.slice(0, 64) });

/**
 * Part of app.ts's onRequest hook, for /api, before any guard: the request headers of SPEC.md §7 are read and
 * checked once. X-Language (en, de) and X-Locale (a tag of one of those languages) pick the
 * answer's language and formats; X-Country-Code is the visitor's country context (a real ISO
 * code); X-Origin-Domain must be one of the site's public hosts; X-View-Mode may only say `1`
 * (its meaning stays in auth-guard.ts). A value we do not know answers 400 INVALID_HEADER (or
 * ORIGIN_NOT_ALLOWED), never silence. Absent headers are fine: other clients need not send them.
 */
export function requestContextCheck(config: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_ORIGINS'>) {
  const origins = allowedOriginHosts(config);
  return (request: FastifyRequest): void => {
    request.locale = request.language;
    request.countryCode = null;
    if (!request.url.startsWith('/api/')) return;

    const language = header(request, 'x-language');
    if (language !== undefined && !isLanguage(language)) throw invalid('X-Language', language);

    const localeHeader = header(request, 'x-locale');
    if (localeHeader !== undefined) {
      const locale = supportedLocale(localeHeader);
      if (!locale) throw invalid('X-Locale', localeHeader);
      request.locale = locale;
      // X-Locale picks the language when X-Language does not say it.
      if (language === undefined) request.language = locale.split('-')[0] as Language;
    }

    const country = header(request, 'x-country-code');
    if (country !== undefined) {
      const code = country.trim().toUpperCase();
      if (!/^[A-Z]{2}$/.test(code) || !isoCountries.isValid(code)) throw invalid('X-Country-Code', country);
      request.countryCode = code;
    }

    const origin = header(request, 'x-origin-domain');
    if (origin !== undefined && !origins.has(origin.trim().toLowerCase())) {
      throw new AppError('ORIGIN_NOT_ALLOWED', { value: origin.slice(0, 64) });
    }

    const viewMode = header(request, VIEW_MODE_HEADER);
    if (viewMode !== undefined && !(VIEW_MODE_VALUES as readonly string[]).includes(viewMode.trim())) {
      throw invalid('X-View-Mode', viewMode);
    }
  };
}
