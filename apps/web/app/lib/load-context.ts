import type { Language } from '@app/shared/constants';
import type { PublicShellData } from '@app/shared/schemas/shell';

/** Services the Node process hands to server loaders (no HTTP calls to our own API). */
export interface WebServices {
  publicShell(input: { language: Language; countryCode: string }): Promise<PublicShellData>;
  /** The country a trusted proxy header names, when one is configured. */
  trustedCountry(request: Request): string | null;
  analyticsScriptUrl: string;
  /** Development tools on (DEV_TOOLS): the /dev/mailbox page exists. */
  devTools: boolean;
}

declare module 'react-router' {
  interface AppLoadContext {
    services: WebServices;
  }
}
