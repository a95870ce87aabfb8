import type { Language } from '@app/shared/constants';
import { messageKey } from '@app/shared/zod';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  preferenceOptions,
  providerBookingFees,
  providerProfiles,
  therapyCategories,
  userPreferences,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { publicStorage, type Storage } from '../../platform/storage.ts';

/** What a booking answer needs besides the database. */
export function viewContext(
  deps: Pick<AppDeps, 'config'>,
  language: Language,
): { language: Language; storage: Storage } {
  return { language, storage: publicStorage(deps.config) };
}

export interface Offer {
  providerId: string;
  therapyCategoryId: string;
  modalityKey: string;
  priceMinor: number;
  currencyCode: string;
}

/** An approved, not deleted provider (others are NOT_FOUND, as in the public calendar). */
export async function assertBookableProvider(tx: Tx, providerId: string): Promise<void> {
  const [row] = await tx
    .select({ role: users.role, deletedAt: users.deletedAt, status: providerProfiles.verificationStatus })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(eq(users.id, providerId));
  if (row?.role !== 'provider' || row.deletedAt || row.status !== 'approved') throw new AppError('NOT_FOUND');
}

/**
 * Checks what the client picked against what the provider offers and prices it. The therapy
 * is a therapy category id (an option id of the preference list "therapy" is accepted too: the
 * lists share keys); the modality an option id of the list "modality". When the provider chose
 * therapies or modalities in their preferences, the pick must be one of them. The price is the
 * therapy's fee when set, else the general fee; free is 0; no fee at all is PROVIDER_FEE_NOT_SET.
 */
export async function resolveOffer(
  tx: Tx,
  input: { providerId: string; therapyIdentifier: string; modalityIdentifier: string },
): Promise<Offer> {
  await assertBookableProvider(tx, input.providerId);
  // One after another: inside a transaction the queries share one connection.
  const categories = await tx
    .select({ id: therapyCategories.id, key: therapyCategories.key })
    .from(therapyCategories)
    .leftJoin(
      preferenceOptions,
      and(eq(preferenceOptions.list, 'therapy'), eq(preferenceOptions.key, therapyCategories.key)),
    )
    .where(or(eq(therapyCategories.id, input.therapyIdentifier), eq(preferenceOptions.id, input.therapyIdentifier)));
  const options = await tx
    .select({ id: preferenceOptions.id, key: preferenceOptions.key })
    .from(preferenceOptions)
    .where(and(eq(preferenceOptions.list, 'modality'), eq(preferenceOptions.id, input.modalityIdentifier)));
  const chosen = await tx
    .select({ list: userPreferences.list, key: preferenceOptions.key })
    .from(userPreferences)
    .innerJoin(preferenceOptions, eq(preferenceOptions.id, userPreferences.optionId))
    .where(and(eq(userPreferences.userId, input.providerId), inArray(userPreferences.list, ['therapy', 'modality'])));
  const category = categories[0];
  const modality = options[0];
  const offered = (list: string) => chosen.filter((row) => row.list === list).map((row) => row.key);
  const fieldErrors: Record<string, string[]> = {};
  if (!category) fieldErrors.therapyIdentifier = [messageKey('bookings.selectTherapy')];
  else if (offered('therapy').length > 0 && !offered('therapy').includes(category.key)) {
    fieldErrors.therapyIdentifier = [messageKey('bookings.therapyNotOffered')];
  }
  if (!modality) fieldErrors.modalityIdentifier = [messageKey('bookings.selectModality')];
  else if (offered('modality').length > 0 && !offered('modality').includes(modality.key)) {
    fieldErrors.modalityIdentifier = [messageKey('bookings.modalityNotOffered')];
  }
  if (!category || !modality || Object.keys(fieldErrors).length > 0) {
    throw new AppError('VALIDATION_FAILED', {}, fieldErrors);
  }

  const fees = await tx
    .select({
      therapyCategoryId: providerBookingFees.therapyCategoryId,
      feeMinor: providerBookingFees.feeMinor,
      isFree: providerBookingFees.isFree,
      currencyCode: providerBookingFees.currencyCode,
    })
    .from(providerBookingFees)
    .where(
      and(
        eq(providerBookingFees.providerId, input.providerId),
        or(isNull(providerBookingFees.therapyCategoryId), eq(providerBookingFees.therapyCategoryId, category.id)),
      ),
    );
  const fee = fees.find((row) => row.therapyCategoryId === category.id) ?? fees.find((row) => !row.therapyCategoryId);
  if (!fee) throw new AppError('PROVIDER_FEE_NOT_SET');
  return {
    providerId: input.providerId,
    therapyCategoryId: category.id,
    modalityKey: modality.key,
    priceMinor: fee.isFree ? 0 : fee.feeMinor,
    currencyCode: fee.currencyCode,
  };
}
