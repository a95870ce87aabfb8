import { COOKIES, type Language } from '@app/shared/constants';
import { cookieString } from '@app/shared/cookies';
import { useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { pathInLanguage } from '#app/lib/i18n';
import { useLocaleData } from '#app/lib/shell-data';
import { useWords } from '#app/lib/words';
import { Button } from '#app/ui/button';

/**
 * The first visit's offer: the country and language the browser (and the operator's trusted
 * country header) point at, taken with one click. Either answer is remembered in the country
 * cookie, so the offer shows once.
 */
export function LocaleSuggestionBanner() {
  const { t } = useWords();
  const { suggestion, countryCode, lang, shell } = useLocaleData();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [answered, setAnswered] = useState(false);
  if (!suggestion || answered) return null;

  const nameOf = (code: string) => shell.countries.find((country) => country.code === code)?.name ?? code;
  const offered = { country: nameOf(suggestion.countryCode), language: t(`languages.${suggestion.language}`) };

  function choose(country: string, language: Language) {
    document.cookie = cookieString(COOKIES.country, country);
    document.cookie = cookieString(COOKIES.language, language);
    setAnswered(true);
    if (language !== lang) navigate(pathInLanguage(location.pathname, language) + location.search);
    else revalidator.revalidate();
  }

  return (
    <section
      aria-labelledby="locale-suggestion-title"
      className="border-b border-brand-200 bg-brand-50"
      data-testid="locale-suggestion"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="locale-suggestion-title" className="text-sm font-medium break-words">
          {t('location.suggestion.title', offered)}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => choose(suggestion.countryCode, suggestion.language)}>
            {t('location.suggestion.accept', offered)}
          </Button>
          <Button variant="secondary" onClick={() => choose(countryCode, lang)}>
            {t('location.suggestion.keep', { country: nameOf(countryCode) })}
          </Button>
        </div>
      </div>
    </section>
  );
}
