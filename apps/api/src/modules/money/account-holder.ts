import { type Language, languageOf } from '@app/shared/constants';
import { type CurrencyCode, currencyForCountry, DEFAULT_CURRENCY } from '@app/shared/currency';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countries, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';

export interface AccountHolder {
  id: string;
  email: string;
  role: 'client' | 'provider' | 'admin';
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  language: Language;
  timezone: string;
  countryCode: string | null;
  /** The currency of the user's country (currencyForCountry); the default without an operating one. */
  currency: CurrencyCode;
}

/** The signed-in user with what money needs: currency, language, time zone, names. */
export async function loadAccountHolder(tx: Tx, userId: string): Promise<AccountHolder> {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      phoneNumber: users.phoneNumber,
      language: users.language,
      timezone: users.timezone,
      countryCode: countries.code,
    })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND');
  return {
    ...row,
    language: languageOf(row.language),
    currency: holderCurrency(row.countryCode),
  };
}

/**
 * The currency of an account holder's money: their country's. A client from a country we do not
 * operate in (or an admin without one) keeps a wallet in the default currency.
 */
export function holderCurrency(countryCode: string | null): CurrencyCode {
  return currencyForCountry(countryCode, { fallback: DEFAULT_CURRENCY });
}

export function displayName(holder: Pick<AccountHolder, 'firstName' | 'lastName' | 'email'>): string {
  const name = [holder.firstName, holder.lastName].filter(Boolean).join(' ').trim();
  return name || holder.email;
}
