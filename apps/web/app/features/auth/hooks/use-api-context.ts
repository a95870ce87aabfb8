import { useEffect } from 'react';
import { configureApiClient } from '#app/api/client';
import { useLocaleData } from '#app/lib/shell-data';

/** Public pages call the API in the page's language and the visitor's country (X-Language, X-Country-Code). */
export function useApiContext(): void {
  const { lang, countryCode } = useLocaleData();
  useEffect(() => {
    configureApiClient({ language: lang, countryCode });
  }, [lang, countryCode]);
}
