import type { Language } from '@app/shared/constants';
import type { Booking, BookingParty, BookingStatus } from '@app/shared/schemas/bookings';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedSql, rawRows } from '../../db/prepared-sql.ts';
import type {
  BookingPaymentMethod,
  ParticipantStatus,
  RefundStatus,
  RescheduleStatus,
} from '../../db/schema/bookings.ts';
import { bookings } from '../../db/schema/index.ts';
import { localizedName } from '../../platform/localized.ts';
import type { Storage } from '../../platform/storage.ts';
import { photoUrls } from '../profiles/photo-urls.ts';
import { isPaidRow } from './booking-data.ts';

interface PersonRow {
  firstName: string | null;
  lastName: string | null;
  email: string;
  deletedAt: string | null;
  photoUrl: string | null;
  photoKey: string | null;
}

/**
 * One booking answer as PostgreSQL builds it (one JSON value, timestamps as ISO text): the
 * booking with both parties, their pictures, the therapy, the modality and the series.
 */
export interface ViewRow {
  id: string;
  status: BookingStatus;
  previousStatus: BookingStatus | null;
  providerId: string;
  clientId: string;
  startsAt: string | null;
  endsAt: string | null;
  holdExpiresAt: string | null;
  priceMinor: number;
  currencyCode: string;
  paidAt: string | null;
  paymentMethod: BookingPaymentMethod | null;
  note: string | null;
  createdBy: BookingParty;
  participantStatus: ParticipantStatus;
  allowRescheduleCompletedBooking: boolean;
  rescheduleStatus: RescheduleStatus | null;
  remainingClientReschedule: number;
  remainingProviderReschedule: number;
  rescheduleRequestedBy: BookingParty | null;
  rescheduleStartsAt: string | null;
  rescheduleEndsAt: string | null;
  rescheduleNote: string | null;
  cancelledAt: string | null;
  cancelledBy: BookingParty | 'system' | null;
  cancellationReason: string | null;
  refundStatus: RefundStatus | null;
  refundMinor: number | null;
  feedbackProvided: boolean;
  seriesId: string | null;
  seriesIndex: number | null;
  seriesOccurrences: number | null;
  createdAt: string;
  updatedAt: string;
  provider: PersonRow;
  client: PersonRow;
  therapy: { id: string; nameEn: string; nameDe: string } | null;
  modality: { id: string; key: string; nameEn: string; nameDe: string } | null;
}

const personJson = (user: SQL, profile: SQL) => sql`json_build_object('firstName', ${user}.first_name,
  'lastName', ${user}.last_name, 'email', ${user}.email, 'deletedAt', ${user}.deleted_at,
  'photoUrl', ${profile}.photo_url, 'photoKey', ${profile}.photo_key)`;

/**
 * The answer's select, one JSON column `booking` (a ViewRow) per row, over a source of booking
 * rows called `bookings`: the table itself, or the rows a statement has just written
 * (`written AS bookings`), so that a write answers in its own round trip. Conditions and orders
 * built on the `bookings` table's columns apply to either.
 */
export function viewSelect(source: SQL = sql`bookings`): SQL {
  return sql`
    SELECT json_build_object('id', bookings.id, 'status', bookings.status,
      'previousStatus', bookings.previous_status, 'providerId', bookings.provider_id,
      'clientId', bookings.client_id, 'startsAt', bookings.starts_at, 'endsAt', bookings.ends_at,
      'holdExpiresAt', bookings.hold_expires_at, 'priceMinor', bookings.price_minor,
      'currencyCode', bookings.currency_code, 'paidAt', bookings.paid_at, 'paymentMethod', bookings.payment_method,
      'note', bookings.note, 'createdBy', bookings.created_by, 'participantStatus', bookings.participant_status,
      'allowRescheduleCompletedBooking', bookings.allow_reschedule_completed_booking,
      'rescheduleStatus', bookings.reschedule_status,
      'remainingClientReschedule', bookings.remaining_client_reschedule,
      'remainingProviderReschedule', bookings.remaining_provider_reschedule,
      'rescheduleRequestedBy', bookings.reschedule_requested_by,
      'rescheduleStartsAt', bookings.reschedule_starts_at, 'rescheduleEndsAt', bookings.reschedule_ends_at,
      'rescheduleNote', bookings.reschedule_note, 'cancelledAt', bookings.cancelled_at,
      'cancelledBy', bookings.cancelled_by, 'cancellationReason', bookings.cancellation_reason,
      'refundStatus', bookings.refund_status, 'refundMinor', bookings.refund_minor,
      'feedbackProvided', bookings.feedback_provided, 'seriesId', bookings.series_id,
      'seriesIndex', bookings.series_index, 'seriesOccurrences', series.occurrences,
      'createdAt', bookings.created_at, 'updatedAt', bookings.updated_at,
      'provider', ${personJson(sql`pu`, sql`pp`)},
      'client', ${personJson(sql`cu`, sql`cp`)},
      'therapy', CASE WHEN tc.id IS NOT NULL
        THEN json_build_object('id', tc.id, 'nameEn', tc.name_en, 'nameDe', tc.name_de) END,
      'modality', CASE WHEN mo.id IS NOT NULL
        THEN json_build_object('id', mo.id, 'key', mo.key, 'nameEn', mo.name_en, 'nameDe', mo.name_de) END
    ) AS booking
    FROM ${source}
    JOIN users pu ON pu.id = bookings.provider_id
    JOIN users cu ON cu.id = bookings.client_id
    LEFT JOIN provider_profiles pp ON pp.user_id = bookings.provider_id
    LEFT JOIN client_profiles cp ON cp.user_id = bookings.client_id
    LEFT JOIN therapy_categories tc ON tc.id = bookings.therapy_category_id
    LEFT JOIN preference_options mo ON mo.list = 'modality' AND mo.key = bookings.modality_key
    LEFT JOIN booking_series series ON series.id = bookings.series_id`;
}

export function personName(person: {
  firstName: string | null;
  lastName: string | null;
  email: string;
  deletedAt?: Date | string | null;
}): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  if (name) return name;
  return person.deletedAt ? '' : person.email;
}

/** A timestamp of the JSON answer as the API's ISO instant. */
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** What an answer needs besides its row: the reader's language and where pictures live. */
export interface ViewContext {
  language: Language;
  storage: Storage;
}

function person(id: string, row: PersonRow, storage: Storage) {
  return { identifier: id, name: personName(row), photo: photoUrls(storage, row).photoUrl };
}

export function toBooking(row: ViewRow, { language, storage }: ViewContext): Booking {
  const pending = row.rescheduleStatus === 'pending';
  return {
    identifier: row.id,
    status: row.status,
    previousStatus: row.previousStatus,
    provider: person(row.providerId, row.provider, storage),
    client: person(row.clientId, row.client, storage),
    therapyCategory: row.therapy ? { identifier: row.therapy.id, name: localizedName(row.therapy, language) } : null,
    modality: row.modality
      ? { identifier: row.modality.id, key: row.modality.key, name: localizedName(row.modality, language) }
      : null,
    startAt: iso(row.startsAt),
    endAt: iso(row.endsAt),
    holdExpiresAt: row.status === 'pending' ? iso(row.holdExpiresAt) : null,
    priceMinor: row.priceMinor,
    currencyCode: row.currencyCode,
    isPaid: isPaidRow(row),
    paymentMethod: row.paymentMethod,
    note: row.note,
    createdBy: row.createdBy,
    participantStatus: row.participantStatus,
    allowRescheduleCompletedBooking: row.allowRescheduleCompletedBooking,
    rescheduleInfo: {
      status: row.rescheduleStatus,
      remainingClientReschedule: row.remainingClientReschedule,
      remainingProviderReschedule: row.remainingProviderReschedule,
      requestedBy: row.rescheduleRequestedBy,
      proposedStartAt: pending ? iso(row.rescheduleStartsAt) : null,
      proposedEndAt: pending ? iso(row.rescheduleEndsAt) : null,
      note: row.rescheduleNote,
    },
    cancellation:
      row.cancelledAt && row.cancelledBy
        ? {
            cancelledBy: row.cancelledBy,
            reason: row.cancellationReason,
            refundStatus: row.refundStatus ?? 'not_paid',
            refundMinor: row.refundMinor ?? 0,
            cancelledAt: new Date(row.cancelledAt).toISOString(),
          }
        : null,
    feedbackProvided: row.feedbackProvided,
    series:
      row.seriesId && row.seriesOccurrences !== null
        ? { identifier: row.seriesId, index: row.seriesIndex ?? 0, occurrences: row.seriesOccurrences }
        : null,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Newest appointment first: by start (unscheduled by creation), then id for a stable order. */
export const bookingListOrder = [desc(sql`COALESCE(${bookings.startsAt}, ${bookings.createdAt})`), desc(bookings.id)];

export interface ViewOptions {
  where: SQL | undefined;
  orderBy?: SQL[];
  limit?: number;
  offset?: number;
}

/** Booking answers for a filter, in one query. */
export async function bookingViews(db: Tx, options: ViewOptions, context: ViewContext): Promise<Booking[]> {
  const query = viewSelect();
  if (options.where) query.append(sql` WHERE ${options.where}`);
  if (options.orderBy) query.append(sql` ORDER BY ${sql.join(options.orderBy, sql`, `)}`);
  if (options.limit !== undefined) query.append(sql` LIMIT ${options.limit}`);
  if (options.offset) query.append(sql` OFFSET ${options.offset}`);
  const rows = await rawRows<{ booking: ViewRow }>(db, query);
  return rows.map((row) => toBooking(row.booking, context));
}

/** The one-booking read follows many writes: a named prepared statement. */
const viewById = preparedSql<{ booking: ViewRow }>(
  'bookings_view_by_id',
  () => sql`${viewSelect()} WHERE bookings.id = ${sql.placeholder('id')}::uuid`,
);

/** The answer for one booking (already access-checked by the caller). */
export async function bookingView(db: Tx, bookingId: string, context: ViewContext): Promise<Booking> {
  const [row] = await viewById(db, { id: bookingId });
  if (!row) throw new Error(`booking ${bookingId} vanished`);
  return toBooking(row.booking, context);
}
