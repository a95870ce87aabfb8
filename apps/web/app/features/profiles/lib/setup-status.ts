import type { ProviderProfile, SetupItem } from '@app/shared/schemas/profiles';

export type OnboardingStep = 'details' | 'fee' | 'done';

/** The step a provider is on: details until the setup form is complete, then the fee. */
export function onboardingStep(profile: ProviderProfile): OnboardingStep {
  const missing: SetupItem[] = profile.setup.missing;
  if (missing.some((item) => item !== 'bookingFee')) return 'details';
  if (missing.includes('bookingFee')) return 'fee';
  return 'done';
}
