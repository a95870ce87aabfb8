import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ConsentBanner, ConsentedScripts, useConsent } from '../features/shell/consent';
import { Footer } from '../features/shell/footer';
import { Header } from '../features/shell/header';
import { LocationModal } from '../features/shell/location-modal';
import { NonOperatingBanner } from '../features/shell/non-operating-banner';
import { useLocaleData } from '../features/shell/shell-data';

/** The public shell: header with switchers, country banner, content, footer, consent. */
export default function PublicLayout() {
  const { t } = useTranslation();
  const { analyticsScriptUrl } = useLocaleData();
  const consent = useConsent();
  return (
    <>
      <title>{t('meta.title')}</title>
      <meta name="description" content={t('meta.description')} />
      <Header />
      <NonOperatingBanner />
      <Outlet />
      <Footer />
      <LocationModal />
      <ConsentBanner choice={consent.choice} onSave={consent.save} />
      <ConsentedScripts choice={consent.choice} analyticsScriptUrl={analyticsScriptUrl} />
    </>
  );
}
