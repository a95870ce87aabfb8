import { type CurrencyCode, currencyForCountryOrDefault } from '@app/shared/currency';
import type { ProviderProfile } from '@app/shared/schemas/profiles';
import { useTranslation } from 'react-i18next';
import { useLang } from '#app/lib/use-lang';
import { Button } from '#app/ui/button';
import { useModals } from '#app/ui/modal-manager';
import { FeeDialog } from './fee-dialog';
import { PROFILE_MODALS } from './modals';
import { formatMoney } from './money';

/** A fee for people: "Free", or the amount in the provider's currency (minor units ÷ 100). */
export function FeeAmount({ fee, isFree, currency }: { fee: number; isFree: boolean; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const lang = useLang();
  return <>{isFree ? t('profileScreens.fee.free') : formatMoney(fee, currency, lang)}</>;
}

/** The fee per session on the account page, with the "therapy fees" dialog. */
export function FeeCard({ profile }: { profile: ProviderProfile }) {
  const { t } = useTranslation();
  const modals = useModals();
  const general = profile.bookingFee.general;
  const currency = currencyForCountryOrDefault(profile.profileInfo.country?.code);
  return (
    <section aria-labelledby="fee-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="fee-heading" className="text-lg font-semibold">
        {t('profileScreens.fee.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('profileScreens.fee.perSession')}</p>
      <p className="mt-3 text-2xl font-semibold text-brand-800" data-testid="general-fee">
        {general ? (
          <FeeAmount fee={general.fee} isFree={general.isFree} currency={general.currencyCode as CurrencyCode} />
        ) : (
          <span className="text-base font-medium text-slate-600">{t('profileScreens.fee.notSet')}</span>
        )}
      </p>
      {profile.bookingFee.therapy.length > 0 ? (
        <dl className="mt-3 flex flex-col gap-1 border-t border-slate-100 pt-3 text-sm">
          {profile.bookingFee.therapy.map((item) => (
            <div key={item.therapyIdentifier} className="flex justify-between gap-2">
              <dt className="text-slate-600">{item.therapyName}</dt>
              <dd className="font-medium">
                <FeeAmount fee={item.fee} isFree={item.isFree} currency={item.currencyCode as CurrencyCode} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Button variant="secondary" className="mt-4 w-full" onClick={() => modals.open(PROFILE_MODALS.fee)}>
        {general ? t('profileScreens.fee.change') : t('profileScreens.fee.set')}
      </Button>
      <FeeDialog currency={currency} current={general} />
    </section>
  );
}
