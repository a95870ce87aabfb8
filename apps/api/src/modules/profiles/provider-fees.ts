import type { Language } from '@app/shared/constants';
import { type CurrencyCode, currencyForCountry } from '@app/shared/currency';
import type { BookingFee, GeneralFeeUpdate, TherapyFeeUpdate } from '@app/shared/schemas/profiles';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countries, providerBookingFees, therapyCategories } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { localizedName } from '../../platform/localized.ts';
import { assertRole, checkTherapyCategory, FieldErrors, lockUser } from './checks.ts';
import type { ProfilesDeps } from './deps.ts';

/** The general fee and the per-therapy fees of a provider (one query). */
export async function loadBookingFee(db: Tx, providerId: string, language: Language): Promise<BookingFee> {
  const rows = await db
    .select({ fee: providerBookingFees, therapy: therapyCategories })
    .from(providerBookingFees)
    .leftJoin(therapyCategories, eq(therapyCategories.id, providerBookingFees.therapyCategoryId))
    .where(eq(providerBookingFees.providerId, providerId))
    .orderBy(asc(therapyCategories.position));
  const result: BookingFee = { general: null, therapy: [] };
  for (const { fee, therapy } of rows) {
    const amount = { fee: fee.feeMinor, isFree: fee.isFree, currencyCode: fee.currencyCode };
    if (!therapy) result.general = amount;
    else
      result.therapy.push({ ...amount, therapyIdentifier: therapy.id, therapyName: localizedName(therapy, language) });
  }
  return result;
}

/** The currency of a country by id (currencyForCountry: CURRENCY_NOT_FOUND without an operating one). */
export async function currencyOfCountry(tx: Tx, countryId: string | null): Promise<CurrencyCode> {
  const [country] = countryId
    ? await tx.select({ code: countries.code }).from(countries).where(eq(countries.id, countryId))
    : [];
  return currencyForCountry(country?.code);
}

/**
 * A fee in another currency than the provider's country's no longer means anything (a provider
 * moved from NG to GB): it is removed and must be set again.
 */
export async function dropFeesInOtherCurrencies(tx: Tx, providerId: string, currency: CurrencyCode): Promise<void> {
  await tx
    .delete(providerBookingFees)
    .where(and(eq(providerBookingFees.providerId, providerId), ne(providerBookingFees.currencyCode, currency)));
}

/** isFree forces 0; a fee of 0 is free. */
function normalize(input: { fee?: number; isFree: boolean }): { feeMinor: number; isFree: boolean } {
  const feeMinor = input.isFree ? 0 : (input.fee ?? 0);
  return { feeMinor, isFree: feeMinor === 0 };
}

async function saveFee(
  deps: ProfilesDeps,
  input: { actor: Actor; language: Language; therapyCategoryId: string | null; fee?: number; isFree: boolean },
): Promise<BookingFee> {
  assertRole(input.actor, 'provider');
  const now = deps.clock.now();
  const providerId = input.actor.userId;
  await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, providerId);
    const errors = new FieldErrors();
    await checkTherapyCategory(tx, errors, 'therapyIdentifier', input.therapyCategoryId);
    errors.throwIfAny();
    const currencyCode = await currencyOfCountry(tx, user.countryId);
    const values = { ...normalize(input), currencyCode, updatedAt: now };
    await tx
      .insert(providerBookingFees)
      .values({ providerId, therapyCategoryId: input.therapyCategoryId, ...values, createdAt: now })
      .onConflictDoUpdate(
        input.therapyCategoryId
          ? {
              target: [providerBookingFees.providerId, providerBookingFees.therapyCategoryId],
              targetWhere: sql`${providerBookingFees.therapyCategoryId} IS NOT NULL`,
              set: values,
            }
          : {
              target: providerBookingFees.providerId,
              targetWhere: sql`${providerBookingFees.therapyCategoryId} IS NULL`,
              set: values,
            },
      );
  });
  return loadBookingFee(deps.db, providerId, input.language);
}

/** POST /provider/booking-fee/general. */
export function setGeneralFee(
  deps: ProfilesDeps,
  input: { actor: Actor; language: Language; update: GeneralFeeUpdate },
): Promise<BookingFee> {
  return saveFee(deps, { actor: input.actor, language: input.language, therapyCategoryId: null, ...input.update });
}

/** POST /provider/booking-fee/therapy. */
export function setTherapyFee(
  deps: ProfilesDeps,
  input: { actor: Actor; language: Language; update: TherapyFeeUpdate },
): Promise<BookingFee> {
  const { therapyIdentifier, ...fee } = input.update;
  return saveFee(deps, { actor: input.actor, language: input.language, therapyCategoryId: therapyIdentifier, ...fee });
}
