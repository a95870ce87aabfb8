import { useTranslation } from 'react-i18next';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import { useBookingConsent } from '../api/get-booking-consent';

/**
 * On a booking's page: the provider's consent for this booking, signed or not, linking to it.
 * Nothing when the provider has no consent.
 */
export function BookingConsentStatus({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const consent = useBookingConsent(bookingId).data;
  if (!consent?.document) return null;
  const unsigned = !consent.signature;
  const text = unsigned
    ? consent.party === 'client'
      ? t('telehealthConsent.pending.itemNoTime', { name: consent.provider.name })
      : t('telehealthConsent.sign.notSignedYet', { name: consent.client.name, version: consent.document.version })
    : t('telehealthConsent.client.signedShort', { version: consent.signature?.version });
  return (
    <section
      aria-labelledby="booking-consent-heading"
      className={`flex flex-wrap items-center justify-between gap-3 rounded-2xl border p-5 ${
        unsigned ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'
      }`}
      data-testid="booking-consent-status"
    >
      <div className="min-w-0">
        <h2 id="booking-consent-heading" className="font-semibold">
          {t('telehealthConsent.client.heading')}
        </h2>
        <p className="break-words text-sm">{text}</p>
      </div>
      <Link
        to={innerPaths.appointmentConsent(lang, bookingId)}
        className="inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50"
      >
        {unsigned && consent.party === 'client'
          ? t('telehealthConsent.pending.action')
          : t('telehealthConsent.client.view')}
      </Link>
    </section>
  );
}
