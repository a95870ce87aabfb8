import type { Language } from '@app/shared/constants';
import { providerPagePath } from '@app/shared/provider-path';
import { localePath } from './i18n';

/** A provider as their addresses need them: the id and the name's URL words (from the API). */
export interface ProviderRef {
  identifier: string;
  slug: string;
}

/**
 * The addresses of the provider pages, in the reader's language: every link to them comes from
 * here, so the canonical form (`/providers/<id>-<slug>/`) is written once.
 */
export const paths = {
  /** The public profile (language-neutral: `localePath` adds `/de`). */
  providerPage: (provider: ProviderRef) => providerPagePath(provider),
  provider: (lang: Language, provider: ProviderRef) => localePath(lang, providerPagePath(provider)),
  providerAvailability: (lang: Language, provider: ProviderRef) =>
    localePath(lang, `${providerPagePath(provider)}availability/`),
} as const;
