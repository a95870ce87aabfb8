import { messageKey } from '@app/shared/zod';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import { preparedSql } from '../../platform/prepared.ts';
import { inGoodStandingSql } from '../credentials/listing.ts';
import { personJson } from '../profiles/person-json.ts';
import { modalityJson, therapyJson } from './catalog-json.ts';

export interface Offer {
  providerId: string;
  therapyCategoryId: string;
  modalityKey: string;
  priceMinor: number;
  currencyCode: string;
}

export interface OfferRow {
  bookable: boolean | null;
  categoryId: string | null;
  categoryKey: string | null;
  modalityKey: string | null;
  offeredTherapies: string[];
  offeredModalities: string[];
  feeMinor: number | null;
  isFree: boolean | null;
  currencyCode: string | null;
}

const p = (name: string) => sql.placeholder(name);

/**
 * Everything an offer needs, as one select (it runs on every booking): the provider's state,
 * the therapy (by category id or by its preference option id), the modality, what the provider
 * chose to offer, and the fee that applies (the therapy's, else the general one); and, for the
 * answer of a booking made from it, the provider, therapy and modality as a ViewRow has them.
 * Placeholders: providerId, therapy, modality.
 */
export function offerSelect(): SQL {
  return sql`
    SELECT u.role = 'provider' AND u.deleted_at IS NULL
      AND ${inGoodStandingSql({ approvedAt: sql`pp.approved_at`, insuranceExpiresOn: sql`pp.insurance_expires_on`, suspendedAt: sql`pp.suspended_at` }, sql`now()`)} AS "bookable",
      c.id AS "categoryId", c.key AS "categoryKey", m.key AS "modalityKey",
      COALESCE(offered.therapies, '{}') AS "offeredTherapies", COALESCE(offered.modalities, '{}') AS "offeredModalities",
      f.fee_minor::float8 AS "feeMinor", f.is_free AS "isFree", f.currency_code AS "currencyCode",
      ${personJson(sql`u`, sql`pp`)} AS "provider", ${therapyJson(sql`c`)} AS "therapy", ${modalityJson(sql`m`)} AS "modality"
    FROM (SELECT ${p('providerId')}::uuid AS id) asked
    LEFT JOIN users u ON u.id = asked.id
    LEFT JOIN provider_profiles pp ON pp.user_id = u.id
    LEFT JOIN LATERAL (
      SELECT tc.id, tc.key, tc.name_en, tc.name_de FROM therapy_categories tc WHERE tc.id = ${p('therapy')}::uuid
      UNION ALL
      SELECT tc.id, tc.key, tc.name_en, tc.name_de FROM preference_options po JOIN therapy_categories tc ON tc.key = po.key
      WHERE po.id = ${p('therapy')}::uuid AND po.list = 'therapy'
      LIMIT 1
    ) c ON true
    LEFT JOIN preference_options m ON m.list = 'modality' AND m.id = ${p('modality')}::uuid
    LEFT JOIN LATERAL (
      SELECT array_agg(o.key) FILTER (WHERE o.list = 'therapy') AS therapies,
        array_agg(o.key) FILTER (WHERE o.list = 'modality') AS modalities
      FROM user_preferences up
      CROSS JOIN LATERAL (SELECT po.key, po.list FROM preference_options po WHERE po.id = up.option_id) o
      WHERE up.user_id = u.id AND up.list IN ('therapy', 'modality')
    ) offered ON true
    LEFT JOIN LATERAL (
      SELECT fee.fee_minor, fee.is_free, fee.currency_code FROM provider_booking_fees fee
      WHERE fee.provider_id = u.id AND (fee.therapy_category_id IS NULL OR fee.therapy_category_id = c.id)
      ORDER BY fee.therapy_category_id IS NULL
      LIMIT 1
    ) f ON true`;
}

/**
 * offerFrom's rules over offerSelect's row named `offer`, for a statement that writes only an
 * offer they accept (createBooking); offerFrom then tells why one was refused.
 */
export const acceptableOffer = sql`offer."bookable" AND offer."categoryId" IS NOT NULL AND offer."modalityKey" IS NOT NULL
  AND (cardinality(offer."offeredTherapies") = 0 OR offer."categoryKey" = ANY (offer."offeredTherapies"))
  AND (cardinality(offer."offeredModalities") = 0 OR offer."modalityKey" = ANY (offer."offeredModalities"))
  AND offer."feeMinor" IS NOT NULL AND offer."currencyCode" IS NOT NULL`;

const offerRowColumns = [
  'bookable',
  'categoryId',
  'categoryKey',
  'modalityKey',
  'offeredTherapies',
  'offeredModalities',
  'feeMinor',
  'isFree',
  'currencyCode',
] as const satisfies readonly (keyof OfferRow)[];

const loadOffer = preparedSql<OfferRow>('bookings_offer', () => ({ select: offerSelect(), columns: offerRowColumns }));

/**
 * Checks what the client picked against what the provider offers and prices it. The therapy
 * is a therapy category id (an option id of the preference list "therapy" is accepted too: the
 * lists share keys); the modality an option id of the list "modality". When the provider chose
 * therapies or modalities in their preferences, the pick must be one of them. The price is the
 * therapy's fee when set, else the general fee; free is 0; no fee at all is PROVIDER_FEE_NOT_SET.
 * A provider who is not approved (or deleted, or not a provider) is NOT_FOUND.
 */
export async function resolveOffer(
  tx: Tx,
  input: { providerId: string; therapyIdentifier: string; modalityIdentifier: string },
): Promise<Offer> {
  const [row] = await loadOffer(tx, {
    providerId: input.providerId,
    therapy: input.therapyIdentifier,
    modality: input.modalityIdentifier,
  });
  return offerFrom(input.providerId, row);
}

/** resolveOffer's checks over offerSelect's row: the offer, or the error that refuses it. */
export function offerFrom(providerId: string, row: OfferRow | undefined): Offer {
  if (!row?.bookable) throw new AppError('NOT_FOUND');
  const fieldErrors: Record<string, string[]> = {};
  const { categoryId, categoryKey, modalityKey, offeredTherapies, offeredModalities } = row;
  if (!categoryId || !categoryKey) fieldErrors.therapyIdentifier = [messageKey('bookings.selectTherapy')];
  else if (offeredTherapies.length > 0 && !offeredTherapies.includes(categoryKey)) {
    fieldErrors.therapyIdentifier = [messageKey('bookings.therapyNotOffered')];
  }
  if (!modalityKey) fieldErrors.modalityIdentifier = [messageKey('bookings.selectModality')];
  else if (offeredModalities.length > 0 && !offeredModalities.includes(modalityKey)) {
    fieldErrors.modalityIdentifier = [messageKey('bookings.modalityNotOffered')];
  }
  if (!categoryId || !modalityKey || Object.keys(fieldErrors).length > 0) {
    throw new AppError('VALIDATION_FAILED', {}, fieldErrors);
  }
  if (row.feeMinor === null || !row.currencyCode) throw new AppError('PROVIDER_FEE_NOT_SET');
  return {
    providerId,
    therapyCategoryId: categoryId,
    modalityKey,
    priceMinor: row.isFree ? 0 : row.feeMinor,
    currencyCode: row.currencyCode,
  };
}
