import type { PublicProvider } from '@app/shared/schemas/bookings';
import { useWords } from '#app/lib/words';

/** "Verified": the operator checked the provider's credentials. */
export function VerifiedBadge() {
  const { t } = useWords();
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200"
      title={t('bookingScreens.profile.trust.verifiedHint')}
      data-testid="verified-badge"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
        <path d="M10 1.5 3.5 4v5.2c0 4 2.8 7.7 6.5 8.8 3.7-1.1 6.5-4.8 6.5-8.8V4L10 1.5Zm-1 11.7L5.8 10l1.1-1.1L9 11l4.1-4.1 1.1 1.1L9 13.2Z" />
      </svg>
      {t('bookingScreens.profile.trust.verified')}
    </span>
  );
}

/**
 * What earns a visitor's trust on a provider's page: licences (body and number) and education as
 * the operator approved them, years in practice from the work history, and the US states where
 * the provider is licensed. Nothing is shown for what the provider has not given.
 */
export function ProviderCredentials({
  provider,
}: {
  provider: Pick<PublicProvider, 'licences' | 'education' | 'yearsInPractice' | 'licenseStates'>;
}) {
  const { t } = useWords();
  const { licences, education, yearsInPractice, licenseStates } = provider;
  if (licences.length === 0 && education.length === 0 && yearsInPractice === null && licenseStates.length === 0) {
    return null;
  }
  return (
    <div className="mt-6">
      <h2 className="text-lg font-semibold">{t('bookingScreens.profile.trust.heading')}</h2>
      <dl className="mt-2 grid gap-3 text-sm sm:grid-cols-2" data-testid="provider-credentials">
        {licences.length > 0 ? (
          <div>
            <dt className="font-semibold text-slate-700">{t('bookingScreens.profile.trust.licence')}</dt>
            {licences.map((licence) => (
              <dd key={`${licence.body}-${licence.credentialNumber}`} className="text-slate-800">
                {t('bookingScreens.profile.trust.licenceText', {
                  body: licence.body,
                  number: licence.credentialNumber,
                })}
              </dd>
            ))}
          </div>
        ) : null}
        {education.length > 0 ? (
          <div>
            <dt className="font-semibold text-slate-700">{t('bookingScreens.profile.trust.education')}</dt>
            {education.map((item) => (
              <dd key={item.title} className="text-slate-800">
                {item.title}
              </dd>
            ))}
          </div>
        ) : null}
        {yearsInPractice !== null ? (
          <div>
            <dt className="font-semibold text-slate-700">{t('bookingScreens.profile.trust.experience')}</dt>
            <dd className="text-slate-800">{t('bookingScreens.profile.trust.years', { count: yearsInPractice })}</dd>
          </div>
        ) : null}
        {licenseStates.length > 0 ? (
          <div>
            <dt className="font-semibold text-slate-700">{t('bookingScreens.profile.trust.licenseStates')}</dt>
            <dd className="text-slate-800">{licenseStates.map((state) => state.name).join(', ')}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
