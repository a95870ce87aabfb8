import { useTranslation } from 'react-i18next';
import { dateTimeOf } from '#app/lib/format';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { useClientConsent } from '../api/get-client-consent';
import { DownloadSignedCopy } from './download-signed-copy';

/** On the provider's client page: whether the client signed the current consent, and the signed copies. */
export function ClientConsentState({ clientUserId }: { clientUserId: string | null }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const zone = useViewerZone() ?? 'UTC';
  const state = useClientConsent(clientUserId);
  if (!clientUserId || !state.data) return null;
  const { currentVersion, signedCurrent, signatures } = state.data;
  return (
    <section
      aria-labelledby="client-consent-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="client-consent-state"
    >
      <h2 id="client-consent-heading" className="text-lg font-semibold">
        {t('telehealthConsent.client.heading')}
      </h2>
      {currentVersion === null ? (
        <p className="mt-2 text-slate-600">{t('telehealthConsent.client.none')}</p>
      ) : signedCurrent ? null : (
        <p className="mt-2 font-medium text-amber-800">
          {t('telehealthConsent.client.notSigned', { version: currentVersion })}
        </p>
      )}
      {signatures.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-3">
          {signatures.map((signature) => (
            <li key={signature.identifier} className="flex flex-wrap items-center justify-between gap-3">
              <span>
                {t('telehealthConsent.client.signed', {
                  version: signature.version,
                  when: dateTimeOf(signature.signedAt, zone, lang),
                })}
              </span>
              <DownloadSignedCopy
                signatureId={signature.identifier}
                version={signature.version}
                label={t('telehealthConsent.client.download')}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
