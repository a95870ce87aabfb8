import type { Language } from '@app/shared/constants';
import type { LocaleSuggestion } from '@app/shared/locale-suggestion';
import type { ConsentChoice, PublicShellData } from '@app/shared/schemas/shell';
import { useRouteLoaderData } from 'react-router';

export interface LocaleLayoutData {
  lang: Language;
  countryCode: string;
  countryName: string;
  operating: boolean;
  ignoreCountryPrompt: boolean;
  /** A first visit's offer (no country chosen yet) when the browser points elsewhere than the page. */
  suggestion: LocaleSuggestion | null;
  consent: ConsentChoice;
  analyticsScriptUrl: string;
  shell: PublicShellData;
}

export const LOCALE_LAYOUT_ID = 'routes/locale-layout';

export function useLocaleData(): LocaleLayoutData {
  const data = useRouteLoaderData(LOCALE_LAYOUT_ID) as LocaleLayoutData | undefined;
  if (!data) throw new Error('useLocaleData outside the locale layout');
  return data;
}
