import type { Concern, TherapyCategory } from './catalog.ts';
import type { Country, StateStat } from './region.ts';

/** What every public page is rendered with (server-side, each part limited to 5 s). */
export interface PublicShellData {
  categories: TherapyCategory[];
  concerns: Concern[];
  topStates: StateStat[];
  /** The operating countries, for the switcher's first choices. */
  countries: Country[];
  /** The visitor's country, operating or not; null when the code is unknown. */
  visitorCountry: Country | null;
}

export type ConsentChoice =
  | { kind: 'unset' }
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'custom'; analytics: boolean; ads: boolean; personalization: boolean };

/** SPEC.md §4 "Cookie consent": "true" grants all, a custom object per category, anything else denies. */
export function parseConsent(value: string | undefined | null): ConsentChoice {
  if (value === undefined || value === null || value === '') return { kind: 'unset' };
  if (value === 'true') return { kind: 'all' };
  if (value.startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as Record<string, unknown>;
      return {
        kind: 'custom',
        analytics: parsed.analytics === true,
        ads: parsed.ads === true,
        personalization: parsed.personalization === true,
      };
    } catch {
      return { kind: 'none' };
    }
  }
  return { kind: 'none' };
}

export function consentGrants(choice: ConsentChoice): { analytics: boolean; ads: boolean; personalization: boolean } {
  if (choice.kind === 'all') return { analytics: true, ads: true, personalization: true };
  if (choice.kind === 'custom')
    return { analytics: choice.analytics, ads: choice.ads, personalization: choice.personalization };
  return { analytics: false, ads: false, personalization: false };
}

export function serializeConsent(choice: ConsentChoice): string {
  if (choice.kind === 'all') return 'true';
  if (choice.kind === 'custom') {
    return JSON.stringify({ analytics: choice.analytics, ads: choice.ads, personalization: choice.personalization });
  }
  return 'false';
}
