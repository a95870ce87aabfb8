import { COOKIES } from '@app/shared/constants';
import { cookieString } from '@app/shared/cookies';
import { useState } from 'react';
import { useLocaleData } from '#app/lib/shell-data';
import { useWords } from '#app/lib/words';
import { Button } from '#app/ui/button';
import { useModals } from '#app/ui/modal-manager';

/** For visitors from a country where the product does not operate yet (SPEC.md §1, §2). */
export function NonOperatingBanner() {
  const { t } = useWords();
  const { operating, ignoreCountryPrompt, countryName } = useLocaleData();
  const modals = useModals();
  const [dismissed, setDismissed] = useState(false);
  if (operating || ignoreCountryPrompt || dismissed) return null;

  function dismiss() {
    document.cookie = cookieString(COOKIES.ignoreCountryPrompt, 'true');
    setDismissed(true);
  }

  return (
    <section
      aria-labelledby="non-operating-title"
      className="border-b border-amber-300 bg-amber-50"
      data-testid="non-operating-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="non-operating-title" className="font-semibold">
            {t('location.nonOperatingTitle', { country: countryName })}
          </h2>
          <p className="text-sm text-slate-700">{t('location.nonOperatingText')}</p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" onClick={() => modals.open('location')}>
            {t('location.changeCountry')}
          </Button>
          <Button onClick={dismiss}>{t('location.dismissAndProceed')}</Button>
        </div>
      </div>
    </section>
  );
}
