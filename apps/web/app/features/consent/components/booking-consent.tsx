import type { BookingConsent as BookingConsentAnswer } from '@app/shared/schemas/consent';
import { useTranslation } from 'react-i18next';
import { dateTimeOf } from '#app/lib/format';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { useBookingConsent } from '../api/get-booking-consent';
import { DownloadSignedCopy } from './download-signed-copy';
import { SignConsentForm } from './sign-consent-form';

const linkClass =
  'inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50';

/**
 * The consent of a booking's provider: its words, then for the client the signing form (or their
 * signature and its PDF), for the provider whether the client signed. Times in the reader's zone.
 */
export function BookingConsent({ bookingId }: { bookingId: string }) {
  const query = useBookingConsent(bookingId);
  return <LoadGate query={query}>{(consent) => <ConsentView consent={consent} />}</LoadGate>;
}

function ConsentView({ consent }: { consent: BookingConsentAnswer }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const zone = useViewerZone() ?? 'UTC';
  const { document, signature } = consent;
  const providerName = consent.provider.name;
  const back = (
    <div className="flex flex-wrap gap-3">
      <Link to={innerPaths.appointment(lang, consent.bookingIdentifier)} className={linkClass}>
        {t('telehealthConsent.sign.backToBooking')}
      </Link>
      {signature || !consent.required || !document ? (
        <Link to={innerPaths.sessionRoom(lang, consent.bookingIdentifier)} className={linkClass}>
          {t('telehealthConsent.sign.joinRoom')}
        </Link>
      ) : null}
    </div>
  );
  if (!document) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t('telehealthConsent.sign.title', { name: providerName })}</h1>
        <p>{t('telehealthConsent.sign.none', { name: providerName })}</p>
        {back}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold">{t('telehealthConsent.sign.title', { name: providerName })}</h1>
        {consent.party === 'client' && !signature ? (
          <p className="mt-1 text-slate-600">{t('telehealthConsent.sign.intro', { name: providerName })}</p>
        ) : null}
        {!consent.required ? (
          <p className="mt-1 text-sm text-slate-600">{t('telehealthConsent.sign.optional')}</p>
        ) : null}
      </div>
      <section
        aria-labelledby="consent-document-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="consent-document-heading" className="mb-3 text-sm font-semibold text-slate-600">
          {t('telehealthConsent.sign.version', { version: document.version })}
        </h2>
        <div className="flex max-w-prose flex-col gap-3 break-words" data-testid="consent-document">
          {document.body.split(/\n{2,}/).map((paragraph, index) => (
            // The paragraphs of a stored version never change order: the index is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      </section>
      {signature ? (
        <section
          className="flex flex-col gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-5"
          data-testid="consent-signed"
        >
          <p>
            {t('telehealthConsent.sign.signed', {
              name: signature.signedName,
              when: dateTimeOf(signature.signedAt, zone, lang),
              version: signature.version,
            })}
          </p>
          <div>
            <DownloadSignedCopy
              signatureId={signature.identifier}
              version={signature.version}
              label={t('telehealthConsent.sign.download')}
            />
          </div>
        </section>
      ) : consent.party === 'client' ? (
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <SignConsentForm bookingId={consent.bookingIdentifier} version={document.version} />
        </section>
      ) : (
        <p>{t('telehealthConsent.sign.notSignedYet', { name: consent.client.name, version: document.version })}</p>
      )}
      {back}
    </div>
  );
}
