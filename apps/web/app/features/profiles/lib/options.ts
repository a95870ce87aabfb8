import { GENDERS } from '@app/shared/schemas/profiles';
import type { TFunction } from 'i18next';

export interface Option {
  value: string;
  label: string;
}

export function genderOptions(t: TFunction): Option[] {
  return GENDERS.map((gender) => ({ value: gender, label: t(`profileScreens.gender.${gender}`) }));
}

export function namedOptions(items: { identifier: string; name: string }[] | undefined): Option[] {
  return (items ?? []).map((item) => ({ value: item.identifier, label: item.name }));
}

let zones: string[] | null = null;

/** Every IANA time zone the browser knows ("Africa/Lagos" shown as "Africa/Lagos"), plus UTC. */
export function timezoneOptions(): Option[] {
  if (!zones) {
    const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    zones = [...new Set(['UTC', ...supported])];
  }
  return zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** Form text for a nullable value. */
export const text = (value: string | null | undefined): string => value ?? '';
