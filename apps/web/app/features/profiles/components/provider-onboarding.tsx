import { currencyForCountry, DEFAULT_CURRENCY } from '@app/shared/currency';
import type { ProviderProfile } from '@app/shared/schemas/profiles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { useModals } from '#app/ui/modal-manager';
import { type PreferenceOptions, usePreferenceOptions } from '../api/get-preference-options';
import { useProviderProfile } from '../api/get-provider-profile';
import { PROFILE_MODALS } from '../lib/modals';
import { type OnboardingStep, onboardingStep } from '../lib/setup-status';
import { FeeDialog } from './fee-dialog';
import { ProviderSetupForm } from './provider-setup-form';

const STEPS: OnboardingStep[] = ['details', 'fee', 'done'];

function Stepper({ current }: { current: OnboardingStep }) {
  const { t } = useTranslation();
  const index = STEPS.indexOf(current);
  return (
    <ol className="flex flex-wrap items-center gap-2 text-sm" aria-label={t('profileScreens.onboarding.steps')}>
      {STEPS.map((step, position) => {
        const done = position < index || current === 'done';
        const active = step === current;
        return (
          <li key={step} className="flex items-center gap-2" aria-current={active ? 'step' : undefined}>
            <span
              className={cn(
                'flex h-7 w-7 items-center justify-center rounded-full text-xs font-semibold',
                done
                  ? 'bg-brand-700 text-white'
                  : active
                    ? 'border-2 border-brand-700 text-brand-800'
                    : 'border border-slate-300 text-slate-600',
              )}
              aria-hidden="true"
            >
              {done ? '✓' : position + 1}
            </span>
            <span className={cn(active ? 'font-semibold text-ink' : 'text-slate-600')}>
              {t(`profileScreens.onboarding.step.${step}`)}
              {done && step !== 'done' ? (
                <span className="sr-only"> {t('profileScreens.onboarding.completed')}</span>
              ) : null}
            </span>
            {position < STEPS.length - 1 ? <span aria-hidden="true" className="mx-1 h-px w-8 bg-slate-300" /> : null}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * Provider onboarding (SPEC.md §5 "Provider setup"): practice details with at least one therapy,
 * modality and specialty, then the fee per session. GET /provider tells what is missing.
 */
export function ProviderOnboarding() {
  const profile = useProviderProfile();
  const lists = usePreferenceOptions();
  return (
    <LoadGate query={profile}>
      {(profileData) => (
        <LoadGate query={lists}>{(listData) => <OnboardingSteps profile={profileData} lists={listData} />}</LoadGate>
      )}
    </LoadGate>
  );
}

function OnboardingSteps({ profile, lists }: { profile: ProviderProfile; lists: PreferenceOptions }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const modals = useModals();
  const [editing, setEditing] = useState(false);
  const derived = onboardingStep(profile);
  const step: OnboardingStep = editing ? 'details' : derived;
  const currency = currencyForCountry(profile.profileInfo.country?.code, { fallback: DEFAULT_CURRENCY });

  return (
    <div className="flex flex-col gap-6">
      <Stepper current={step} />
      {step === 'details' ? (
        <section
          aria-labelledby="setup-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="setup-heading" className="text-lg font-semibold">
            {t('profileScreens.onboarding.detailsHeading')}
          </h2>
          <p className="mt-1 mb-5 text-sm text-slate-600">{t('profileScreens.onboarding.detailsIntro')}</p>
          <ProviderSetupForm profile={profile} lists={lists} onSaved={() => setEditing(false)} />
        </section>
      ) : step === 'fee' ? (
        <section
          aria-labelledby="fee-step-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="fee-step-heading" className="text-lg font-semibold">
            {t('profileScreens.onboarding.feeHeading')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('profileScreens.onboarding.feeIntro', { currency })}</p>
          <div className="mt-5 flex flex-wrap gap-2">
            <Button onClick={() => modals.open(PROFILE_MODALS.fee)}>{t('profileScreens.fee.set')}</Button>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('profileScreens.onboarding.back')}
            </Button>
          </div>
          <FeeDialog currency={currency} current={profile.bookingFee.general} />
        </section>
      ) : (
        <section
          aria-labelledby="done-heading"
          className="rounded-2xl border border-brand-100 bg-brand-50 p-5 shadow-sm sm:p-6"
          data-testid="onboarding-done"
        >
          <h2 id="done-heading" className="text-lg font-semibold text-brand-800">
            {t('profileScreens.onboarding.doneHeading')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('profileScreens.onboarding.doneIntro')}</p>
          <div className="mt-5 flex flex-wrap gap-2">
            <Link
              to={paths.account(lang)}
              className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {t('profileScreens.onboarding.toAccount')}
            </Link>
            <Link
              to={paths.overview(lang)}
              className="inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50"
            >
              {t('profileScreens.onboarding.toOverview')}
            </Link>
            <Button variant="ghost" onClick={() => setEditing(true)}>
              {t('profileScreens.onboarding.editDetails')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
