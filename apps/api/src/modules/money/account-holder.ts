import { isLanguage, type Language } from '@app/shared/constants';
import { CURRENCY_BY_COUNTRY, type CurrencyCode, DEFAULT_CURRENCY } from '@app/shared/currency';
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
  /** The currency of the user's country (users.country_id → countries.currency_code), else NGN. */
  currency: CurrencyCode;
}

const OPERATING_CURRENCIES = new Set<string>(Object.values(CURRENCY_BY_COUNTRY));

export function currencyOf(code: string | null | undefined): CurrencyCode {
  return code && OPERATING_CURRENCIES.has(code) ? (code as CurrencyCode) : DEFAULT_CURRENCY;
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
      currencyCode: countries.currencyCode,
    })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND');
  return {
    ...row,
    language: isLanguage(row.language) ? row.language : 'en',
    currency: currencyOf(row.currencyCode),
  };
}

export function displayName(holder: Pick<AccountHolder, 'firstName' | 'lastName' | 'email'>): string {
  const name = [holder.firstName, holder.lastName].filter(Boolean).join(' ').trim();
  return name || holder.email;
}
