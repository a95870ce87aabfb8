import type { Language } from '@app/shared/constants';
import type { PublicShellData } from '@app/shared/schemas/shell';

/** Services the Node process hands to server loaders (no HTTP calls to our own API). */
export interface WebServices {
  publicShell(input: { language: Language; countryCode: string }): Promise<PublicShellData>;
  /** The country a trusted proxy header names, when one is configured. */
  trustedCountry(request: Request): string | null;
  analyticsScriptUrl: string;
  /** Sign in with Google is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET): show its button. */
  googleSignIn: boolean;
}

declare module 'react-router' {
  interface AppLoadContext {
    services: WebServices;
    /** This response's Content-Security-Policy nonce, carried by every inline script. */
    nonce: string;
  }
}
