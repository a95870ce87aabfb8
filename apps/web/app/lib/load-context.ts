import type { Language } from '@app/shared/constants';
import type { LegalPage } from '@app/shared/legal';
import type { PublicProvider } from '@app/shared/schemas/bookings';
import type { NamedItem } from '@app/shared/schemas/common';
import type { DirectorySearchPage, HomeCounts } from '@app/shared/schemas/directory';
import type { Overview } from '@app/shared/schemas/overview';
import type { State } from '@app/shared/schemas/region';
import type { ReviewPage, ReviewSort } from '@app/shared/schemas/reviews';
import type { PublicShellData } from '@app/shared/schemas/shell';

/** Who a signed-in page is rendered for on the server (the page credential's live session). */
export interface Viewer {
  userId: string;
  role: 'client' | 'provider' | 'admin';
  sessionId: string;
}

/** Services the Node process hands to server loaders (no network calls to our own API). */
export interface WebServices {
  publicShell(input: { language: Language; countryCode: string }): Promise<PublicShellData>;
  /** The country a trusted proxy header names, when one is configured. */
  trustedCountry(request: Request): string | null;
  analyticsScriptUrl: string;
  /** Sign in with Google is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET): show its button. */
  googleSignIn: boolean;
  /** The public directory's reads (apps/api/src/modules/directory/web-services.ts). */
  directory: {
    search(input: {
      query: Record<string, string | string[]>;
      language: Language;
      countryCode: string;
    }): Promise<{ ok: true; page: DirectorySearchPage } | { ok: false; message: string }>;
    provider(input: {
      providerId: string;
      language: Language;
      countryCode: string;
      reviewsSort: ReviewSort;
      /** The previous reviews page's nextCursor; a stale or tampered one reads as the first page. */
      reviewsCursor: string | null;
    }): Promise<{ provider: PublicProvider; reviews: ReviewPage } | null>;
    filterOptions(language: Language): Promise<Record<string, NamedItem[]>>;
    states(input: { countryCode: string; language: Language }): Promise<State[]>;
    /** How many providers each home link lists (the directory search's own WHERE). */
    homeCounts(input: { countryCode: string | null; language: Language }): Promise<HomeCounts>;
    /** The site's public origin (canonical and alternate links). */
    publicUrl: string;
  };
  /**
   * The signed-in pages' server reads (apps/api/src/modules/overview/web-services.ts): who the
   * page credential cookie names while its session is live, that person's overview, and the
   * API's answers to a page's queries.
   */
  signedIn: {
    viewer(request: Request): Promise<Viewer | null>;
    overview(viewer: Viewer, input: { request: Request; language: Language }): Promise<Overview>;
    /**
     * The API's answers to GET `paths` (under /api) as the viewer, in-process: each the JSON the
     * browser's query would get, or null where the API did not answer 200.
     */
    answers(
      viewer: Viewer,
      input: { request: Request; language: Language; paths: readonly string[] },
    ): Promise<unknown[]>;
  };
  /** Development tools on (DEV_TOOLS): the /dev/mailbox page exists. */
  devTools: boolean;
  /** The legal pages' text as HTML: the operator's Markdown, sanitized (apps/api/src/modules/legal/). */
  legal: {
    page(input: { page: LegalPage; language: Language }): Promise<{ html: string }>;
  };
}

declare module 'react-router' {
  interface AppLoadContext {
    services: WebServices;
    /** This response's Content-Security-Policy nonce, carried by every inline script. */
    nonce: string;
  }
}
