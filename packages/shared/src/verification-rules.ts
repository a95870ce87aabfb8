import { type CurrencyCode, MIN_TOP_UP_MAJOR } from './currency.ts';

/**
 * What a client may do before verifying their email address (SPEC §6 "skip email verification",
 * §4 "A client may skip with do later"; docs/decisions/security-clients-may-verify-later.md). Everything
 * else works: booking, paying by card or from the wallet, messages, profile, export, deletion.
 *  - card top-ups of the wallet add up to at most UNVERIFIED_TOP_UP_MULTIPLE times the minimum
 *    top-up (NGN 5,000; GBP, USD, EUR 50) until the address is verified;
 *  - no virtual bank account (a permanent account number in the person's name);
 *  - no sharing a booking by email (mail to third parties from an unproven sender).
 */
export const UNVERIFIED_TOP_UP_MULTIPLE = 10;

/** The most an unverified client's card top-ups may add up to, in minor units. */
export function unverifiedTopUpCapMinor(currency: CurrencyCode): number {
  return MIN_TOP_UP_MAJOR[currency] * UNVERIFIED_TOP_UP_MULTIPLE * 100;
}

/** The cap in major units, for messages ("at most 5000 NGN"). */
export function unverifiedTopUpCapMajor(currency: CurrencyCode): number {
  return MIN_TOP_UP_MAJOR[currency] * UNVERIFIED_TOP_UP_MULTIPLE;
}
