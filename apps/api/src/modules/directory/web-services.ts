import { AppErrorLike } from '@app/shared/app-error-like';
import { type Language, TOP_STATES } from '@app/shared/constants';
import type { PublicProvider } from '@app/shared/schemas/bookings';
import type { NamedItem } from '@app/shared/schemas/common';
import { type DirectorySearchPage, DirectorySearchQuerySchema, type HomeCounts } from '@app/shared/schemas/directory';
import type { State } from '@app/shared/schemas/region';
import { REVIEWS_PAGE_SIZE, type ReviewPage, type ReviewSort } from '@app/shared/schemas/reviews';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { listPreferenceOptions } from '../catalog/service.ts';
import { listStatesByCountryCode } from '../region/service.ts';
import { firstReviewPage, listedReviewRows } from '../reviews/read-reviews.ts';
import { countHomeLinks } from './home-counts.ts';
import { providerPage } from './provider-page.ts';
import { searchProviders } from './search.ts';

export type DirectorySearchAnswer = { ok: true; page: DirectorySearchPage } | { ok: false; message: string };

/**
 * What the public pages' server loaders read (apps/web/app/lib/load-context.ts `directory`): the
 * same services the API routes call, so a page's HTML carries the names, fees, ratings, reviews
 * and next slots without a request to our own API.
 */
export function directoryWebServices(deps: AppDeps) {
  return {
    /** A search from the page's query string (the API's rules); bad input answers its message. */
    async search(input: {
      query: Record<string, string | string[]>;
      language: Language;
      countryCode: string;
    }): Promise<DirectorySearchAnswer> {
      const parsed = DirectorySearchQuerySchema.safeParse(input.query);
      if (!parsed.success) return { ok: false, message: translate(input.language, 'errors.VALIDATION_FAILED') };
      try {
        const page = await searchProviders(deps, {
          query: parsed.data,
          language: input.language,
          visitorCountryCode: input.countryCode,
        });
        return { ok: true, page };
      } catch (error) {
        if (error instanceof AppErrorLike) {
          return { ok: false, message: translate(input.language, `errors.${error.code}`) };
        }
        throw error;
      }
    },
    /**
     * A listed provider's page with one page of reviews in the chosen order (after `reviewsCursor`,
     * which is ignored when it no longer reads); null when not listed.
     */
    async provider(input: {
      providerId: string;
      language: Language;
      countryCode: string;
      reviewsSort: ReviewSort;
      reviewsCursor: string | null;
    }): Promise<{ provider: PublicProvider; reviews: ReviewPage } | null> {
      // The first page of reviews is read in the provider's own statement, which finds them
      // listed and counts the reviews: one round trip. A later page is read beside it.
      const rows = (cursor: string | undefined) =>
        listedReviewRows(deps.db, {
          providerId: input.providerId,
          perPage: REVIEWS_PAGE_SIZE,
          sort: input.reviewsSort,
          cursor,
        });
      const pageInput = {
        providerId: input.providerId,
        language: input.language,
        visitorCountryCode: input.countryCode,
      };
      try {
        if (!input.reviewsCursor) {
          const page = await providerPage(deps, { ...pageInput, reviewsSort: input.reviewsSort });
          const reviews = firstReviewPage(page.firstReviews, {
            language: input.language,
            perPage: REVIEWS_PAGE_SIZE,
            sort: input.reviewsSort,
            total: page.reviewTotal,
          });
          return { provider: page.provider, reviews };
        }
        const cursor = input.reviewsCursor;
        const [page, laterRows] = await Promise.all([
          providerPage(deps, pageInput),
          rows(cursor).catch((error) => {
            if (error instanceof AppErrorLike && error.code === 'INVALID_CURSOR') return rows(undefined);
            throw error;
          }),
        ]);
        const reviews = laterRows.page({ language: input.language, total: page.reviewTotal });
        return { provider: page.provider, reviews };
      } catch (error) {
        if (error instanceof AppErrorLike && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
    /** The options of every preference list, for the search filters. */
    filterOptions(language: Language): Promise<Record<string, NamedItem[]>> {
      return listPreferenceOptions(deps.db, { language });
    },
    /** The states of a country (the state filter); none for an unknown country. */
    async states(input: { countryCode: string; language: Language }): Promise<State[]> {
      try {
        return await listStatesByCountryCode(deps.db, { code: input.countryCode, language: input.language });
      } catch {
        return [];
      }
    },
    /** How many providers each home link lists, for the visitor's country (null: every country). */
    homeCounts(input: { countryCode: string | null; language: Language }): Promise<HomeCounts> {
      return countHomeLinks(deps, { ...input, topStates: TOP_STATES });
    },
    /** The site's public origin, for canonical and alternate links. */
    publicUrl: (deps.config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
  };
}

export type DirectoryWebServices = ReturnType<typeof directoryWebServices>;
