import { Outlet } from 'react-router';
import { HeaderAccountLinks } from '#app/features/auth/components/header-account-links';
import { ConsentBanner, ConsentedScripts, useConsent } from '#app/features/shell/components/consent';
import { Footer } from '#app/features/shell/components/footer';
import { Header } from '#app/features/shell/components/header';
import { LazyLocationModal } from '#app/features/shell/components/lazy-location-modal';
import { LocaleSuggestionBanner } from '#app/features/shell/components/locale-suggestion-banner';
import { NonOperatingBanner } from '#app/features/shell/components/non-operating-banner';
import { LazySupportLauncher } from '#app/features/support/components/lazy-support-launcher';
import { loadPageWords } from '#app/lib/i18n';
import { useLocaleData } from '#app/lib/shell-data';

// The layout's own words (footer, consent, country banner), there before it hydrates or renders.
await loadPageWords('publicShell');

/**
 * The public shell: header with switchers, country banner, content, footer, consent. Each page
 * names itself (<title>, description): a default here would come first in the head and be the
 * title crawlers and the first paint see.
 */
export default function PublicLayout() {
  const { analyticsScriptUrl } = useLocaleData();
  const consent = useConsent();
  return (
    <>
      <Header accountLinks={<HeaderAccountLinks />} />
      <LocaleSuggestionBanner />
      <NonOperatingBanner />
      <Outlet />
      <Footer />
      <LazyLocationModal />
      <ConsentBanner choice={consent.choice} onSave={consent.save} />
      <ConsentedScripts choice={consent.choice} analyticsScriptUrl={analyticsScriptUrl} />
      <LazySupportLauncher />
    </>
  );
}
