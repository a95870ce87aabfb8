import { type Language, PAGE_START_TIMEOUT_MS, TOP_CONCERNS, TOP_STATES } from '@app/shared/constants';
import type { PublicShellData } from '@app/shared/schemas/shell';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { listTherapyCategories, listTopConcerns } from '../modules/catalog/service.ts';
import { findCountryByCode, listCountries, topProviderStates } from '../modules/region/service.ts';
import { localizedName } from '../platform/localized.ts';

/** Resolves within `ms` or yields the fallback; a failure is logged, never thrown (SPEC.md §8). */
export async function withFallback<T>(
  label: string,
  work: Promise<T>,
  fallback: T,
  log: FastifyBaseLogger,
  ms = PAGE_START_TIMEOUT_MS,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      log.warn({ label, ms }, 'page-start fetch timed out; using an empty list');
      resolve(fallback);
    }, ms);
  });
  try {
    return await Promise.race([
      work.catch((error: unknown) => {
        log.error({ err: error, label }, 'page-start fetch failed; using an empty list');
        return fallback;
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Everything the public shell renders server-side, fetched in parallel, each part bounded. */
export async function loadPublicShell(
  db: Db,
  log: FastifyBaseLogger,
  input: { language: Language; countryCode: string; now: Date },
): Promise<PublicShellData> {
  const { language, countryCode, now } = input;
  const [categories, concerns, topStates, countries, visitor] = await Promise.all([
    withFallback('categories', listTherapyCategories(db, { language }), [], log),
    withFallback('concerns', listTopConcerns(db, { language, limit: TOP_CONCERNS, now }), [], log),
    withFallback('topStates', topProviderStates(db, { language, countryCode, top: TOP_STATES, now }), [], log),
    withFallback('countries', listCountries(db, { language }), [], log),
    withFallback('visitorCountry', findCountryByCode(db, countryCode), null, log),
  ]);
  return {
    categories,
    concerns,
    topStates,
    countries,
    visitorCountry: visitor
      ? {
          identifier: visitor.id,
          code: visitor.code,
          name: localizedName(visitor, language),
          currencyCode: visitor.currencyCode,
          timezones: visitor.timezones,
          operating: visitor.operating,
        }
      : null,
  };
}
