import { COOKIES } from '@app/shared/constants';
import { cookieString } from '@app/shared/cookies';
import { type ConsentChoice, consentGrants, serializeConsent } from '@app/shared/schemas/shell';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocaleData } from '#app/lib/shell-data';
import { useWords } from '#app/lib/words';
import { Button } from '#app/ui/button';
import { LegalLink } from '#app/ui/legal-link';
import { useModalBinding, useModals } from '#app/ui/modal-manager';

// The choices dialog loads when it is first opened (the dialog library stays out of every page's first load).
const ConsentDialog = lazy(() => import('./consent-dialog').then((module) => ({ default: module.ConsentDialog })));

/** The visitor's consent, from the cookie the server read, updated in place when they choose. */
export function useConsent() {
  const { consent } = useLocaleData();
  const [choice, setChoice] = useState<ConsentChoice>(consent);
  function save(next: ConsentChoice) {
    document.cookie = cookieString(COOKIES.consent, serializeConsent(next));
    setChoice(next);
  }
  return { choice, save };
}

/**
 * Analytics and advertising scripts exist in the page only after consent (SPEC.md §1, §4):
 * nothing is rendered, so nothing loads, before the visitor agrees.
 */
export function ConsentedScripts({
  choice,
  analyticsScriptUrl,
}: {
  choice: ConsentChoice;
  analyticsScriptUrl: string;
}) {
  const grants = consentGrants(choice);
  return (
    <>
      {grants.analytics ? <script async src={analyticsScriptUrl} data-consent="analytics" /> : null}
      {grants.ads ? <script async src="/scripts/ads.js" data-consent="ads" /> : null}
    </>
  );
}

/**
 * The banner's height while it shows, on the root element: floating controls (the support
 * launcher and its panel) lift themselves by it, so nothing covers the consent buttons.
 */
export const CONSENT_BANNER_HEIGHT_VAR = '--consent-banner-height';

function usePublishedHeight(element: React.RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const root = document.documentElement;
    const node = element.current;
    if (!shown || !node) {
      root.style.removeProperty(CONSENT_BANNER_HEIGHT_VAR);
      return;
    }
    const publish = () => root.style.setProperty(CONSENT_BANNER_HEIGHT_VAR, `${node.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(CONSENT_BANNER_HEIGHT_VAR);
    };
  }, [element, shown]);
}

export function ConsentBanner({ choice, onSave }: { choice: ConsentChoice; onSave(choice: ConsentChoice): void }) {
  const { t } = useWords();
  const modals = useModals();
  const binding = useModalBinding('consent');
  const banner = useRef<HTMLElement>(null);
  usePublishedHeight(banner, choice.kind === 'unset');

  function saveAndClose(next: ConsentChoice) {
    onSave(next);
    modals.closeAll();
  }

  return (
    <>
      {choice.kind === 'unset' ? (
        <section
          ref={banner}
          aria-labelledby="consent-title"
          data-testid="consent-banner"
          className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
        >
          <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 md:flex-row md:items-center md:justify-between">
            <div>
              <h2 id="consent-title" className="font-semibold">
                {t('consent.title')}
              </h2>
              <p className="text-sm text-slate-700">
                {t('consent.text')} <LegalLink page="cookies">{t('consent.policyLink')}</LegalLink>
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button variant="secondary" onClick={() => modals.open('consent')}>
                {t('consent.customize')}
              </Button>
              <Button variant="secondary" onClick={() => onSave({ kind: 'none' })}>
                {t('consent.reject')}
              </Button>
              <Button onClick={() => onSave({ kind: 'all' })}>{t('consent.acceptAll')}</Button>
            </div>
          </div>
        </section>
      ) : null}
      {binding.open ? (
        <Suspense fallback={null}>
          <ConsentDialog binding={binding} onSave={saveAndClose} />
        </Suspense>
      ) : null}
    </>
  );
}
