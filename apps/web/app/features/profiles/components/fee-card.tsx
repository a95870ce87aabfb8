import { type CurrencyCode, currencyForCountry, DEFAULT_CURRENCY } from '@app/shared/currency';
import { formatMoney } from '@app/shared/money';
import type { ProviderProfile } from '@app/shared/schemas/profiles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTherapyCategories } from '#app/api/list-therapy-categories';
import { useLang } from '#app/lib/use-lang';
import { Button } from '#app/ui/button';
import { useModals } from '#app/ui/modal-manager';
import { PROFILE_MODALS } from '../lib/modals';
import { FeeDialog } from './fee-dialog';

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
  const currency = currencyForCountry(profile.profileInfo.country?.code, { fallback: DEFAULT_CURRENCY });
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
      <Button variant="secondary" className="mt-4 w-full" onClick={() => modals.open(PROFILE_MODALS.fee)}>
        {general ? t('profileScreens.fee.change') : t('profileScreens.fee.set')}
      </Button>
      <FeeDialog currency={currency} current={general} />
      <TherapyFees profile={profile} currency={currency} />
    </section>
  );
}

/**
 * A fee per therapy: what a client booking that therapy pays instead of the general fee (couples
 * or group sessions often cost more). Every therapy is listed; one without its own fee says so.
 */
function TherapyFees({ profile, currency }: { profile: ProviderProfile; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const modals = useModals();
  const categories = useTherapyCategories();
  const [therapy, setTherapy] = useState<{ identifier: string; name: string } | null>(null);
  const feeOf = (identifier: string) =>
    profile.bookingFee.therapy.find((item) => item.therapyIdentifier === identifier) ?? null;
  if (!categories.data) return null;
  return (
    <div className="mt-5 border-t border-slate-100 pt-4">
      <h3 className="font-semibold">{t('profileScreens.fee.therapyHeading')}</h3>
      <p className="mt-1 text-sm text-slate-600">{t('profileScreens.fee.therapyHint')}</p>
      <ul className="mt-3 flex flex-col gap-2 text-sm" data-testid="therapy-fees">
        {categories.data.map((category) => {
          const fee = feeOf(category.identifier);
          return (
            <li key={category.identifier} className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
              <span className="min-w-0 text-slate-700">{category.name}</span>
              <span className="flex items-center gap-2">
                <span className={fee ? 'font-medium' : 'text-slate-600'}>
                  {fee ? (
                    <FeeAmount fee={fee.fee} isFree={fee.isFree} currency={fee.currencyCode as CurrencyCode} />
                  ) : (
                    t('profileScreens.fee.generalApplies')
                  )}
                </span>
                <button
                  type="button"
                  className="rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50"
                  aria-label={t('profileScreens.fee.setFor', { therapy: category.name })}
                  onClick={() => {
                    setTherapy({ identifier: category.identifier, name: category.name });
                    modals.open(PROFILE_MODALS.therapyFee);
                  }}
                >
                  {fee ? t('profileScreens.fee.changeShort') : t('profileScreens.fee.setShort')}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      {/* Mounted only for a chosen therapy: without one it would be a second general-fee dialog. */}
      {therapy && <FeeDialog currency={currency} therapy={therapy} current={feeOf(therapy.identifier)} />}
    </div>
  );
}
