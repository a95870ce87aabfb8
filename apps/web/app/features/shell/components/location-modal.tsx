import { COOKIES, LANGUAGES, type Language } from '@app/shared/constants';
import { cookieString } from '@app/shared/cookies';
import type { Country } from '@app/shared/schemas/region';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { pathInLanguage } from '#app/lib/i18n';
import { useLocaleData } from '#app/lib/shell-data';
import { useWords } from '#app/lib/words';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { SearchableSelect } from '#app/ui/searchable-select';

async function fetchAllCountries(lang: Language): Promise<Country[]> {
  const response = await fetch('/api/region/country?all=true', { headers: { 'X-Language': lang } });
  if (!response.ok) throw new Error('countries');
  return response.json();
}

/** The active country and language dialog (SPEC.md §2): country and language switchers. */
export function LocationModal() {
  const { t } = useWords();
  const { lang, countryCode, shell } = useLocaleData();
  const binding = useModalBinding('location');
  const modals = useModals();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [country, setCountry] = useState(countryCode);
  const [language, setLanguage] = useState<Language>(lang);

  // The full ISO list loads only when the dialog opens; the operating countries are there at once.
  const allCountries = useQuery({
    queryKey: ['region', 'countries', 'all', lang],
    queryFn: () => fetchAllCountries(lang),
    enabled: binding.open,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const countries = allCountries.data ?? shell.countries;

  function save() {
    document.cookie = cookieString(COOKIES.country, country);
    document.cookie = cookieString(COOKIES.language, language);
    modals.closeAll();
    if (language !== lang) {
      navigate(pathInLanguage(location.pathname, language) + location.search);
    } else {
      revalidator.revalidate();
    }
  }

  return (
    <Dialog {...binding} title={t('location.title')}>
      <div className="flex flex-col gap-4">
        <SearchableSelect
          label={t('location.country')}
          options={countries.map((item) => ({ value: item.code, label: item.name }))}
          value={country}
          onChange={setCountry}
          placeholder={t('location.searchCountry')}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">{t('location.language')}</legend>
          <div className="flex gap-2">
            {LANGUAGES.map((item) => (
              <label
                key={item}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="language"
                  value={item}
                  checked={language === item}
                  onChange={() => setLanguage(item)}
                />
                {t(`languages.${item}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <Button onClick={save}>{t('location.save')}</Button>
      </div>
    </Dialog>
  );
}
