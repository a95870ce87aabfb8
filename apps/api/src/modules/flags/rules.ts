import { createHash } from 'node:crypto';
import type { FlagRule } from '@app/shared/schemas/flags';

/** Who a flag is evaluated for: the visitor id cookie (stable across visits) and their country. */
export interface FlagTraits {
  visitorId: string;
  country: string;
}

/** The visitor's bucket for this flag, 0-99: stable for one visitor, independent between flags. */
export function rolloutBucket(flagKey: string, visitorId: string): number {
  return createHash('sha256').update(`${flagKey}:${visitorId}`).digest().readUInt32BE(0) % 100;
}

export type FlagOutcome = { value: boolean; reason: 'DISABLED' | 'TARGETING_MATCH' | 'SPLIT' };

/**
 * A flag's rule for one visitor: off when not enabled; off outside the listed countries (none
 * listed: every country); then on for rolloutPercent % of visitors by their bucket.
 */
export function evaluateFlagRule(flagKey: string, rule: FlagRule, traits: FlagTraits): FlagOutcome {
  if (!rule.enabled) return { value: false, reason: 'DISABLED' };
  if (rule.countries.length > 0 && !rule.countries.includes(traits.country.toUpperCase())) {
    return { value: false, reason: 'TARGETING_MATCH' };
  }
  if (rule.rolloutPercent >= 100) return { value: true, reason: 'TARGETING_MATCH' };
  return { value: rolloutBucket(flagKey, traits.visitorId) < rule.rolloutPercent, reason: 'SPLIT' };
}
