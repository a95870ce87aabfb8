import type { Language } from '@app/shared/constants';
import type { Booking } from '@app/shared/schemas/bookings';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { RowJson } from '../../db/row-json.ts';
import { bookings } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { localizedName } from '../../platform/localized.ts';
import { preparedSql, rawRows, shapedRows } from '../../platform/prepared.ts';
import { publicStorage, type Storage } from '../../platform/storage.ts';
import { catalogJoins, modalityJson, therapyJson } from '../catalog/catalog-json.ts';
import { clientJoins, type PersonRow, personJson, personView } from '../profiles/person-json.ts';
import { type BookingRow, isPaidRow } from './booking-data.ts';

/** A bookings row as row_to_json gives it. */
export type BookingJson = RowJson<BookingRow>;

/**
 * One booking answer as PostgreSQL builds it: the row, both parties with their pictures, the
 * therapy, the modality and the series' size.
 */
export interface ViewRow {
  booking: BookingJson;
  seriesOccurrences: number | null;
  provider: PersonRow;
  client: PersonRow;
  therapy: { id: string; nameEn: string; nameDe: string } | null;
  modality: { id: string; key: string; nameEn: string; nameDe: string } | null;
}

/** The columns of a ViewRow, as the statements name them. */
export const viewRowColumns = [
  'booking',
  'seriesOccurrences',
  'provider',
  'client',
  'therapy',
  'modality',
] as const satisfies readonly (keyof ViewRow)[];

/** The answer's columns (a ViewRow) from its parts, as each statement has them at hand. */
export function viewColumns(parts: Record<keyof ViewRow, SQL>): SQL {
  return sql`${parts.booking} AS booking, ${parts.seriesOccurrences} AS "seriesOccurrences",
    ${parts.provider} AS provider, ${parts.client} AS client, ${parts.therapy} AS therapy, ${parts.modality} AS modality`;
}

/**
 * The answer's select over the bookings table: one ViewRow per row. Conditions and orders on
 * the table's columns can be appended.
 */
export function viewSelect(): SQL {
  return viewSelectFrom(sql`bookings`);
}

/**
 * The answers for a page of bookings, soonest built: `choose` selects the page's booking ids on
 * the bookings table alone (its filter, order and limit), then only those rows are joined and
 * built into JSON, in `order`. A list whose page is a few of a person's hundreds or thousands of
 * sessions costs the page, whichever plan (a prepared statement's generic one too) runs it.
 */
export function viewPageSelect(choose: SQL, order: SQL): SQL {
  return sql`WITH page AS MATERIALIZED (${choose})
    ${viewSelectFrom(sql`page JOIN bookings ON bookings.id = page.id`)} ${order}`;
}

/** The answer's columns and joins over `from`, a relation that names the bookings table `bookings`. */
function viewSelectFrom(from: SQL): SQL {
  return sql`
    SELECT ${viewColumns({
      booking: sql`row_to_json(bookings)`,
      seriesOccurrences: sql`series.occurrences`,
      provider: personJson(sql`pu`, sql`pp`),
      client: personJson(sql`cu`, sql`cp`),
      therapy: therapyJson(sql`tc`),
      modality: modalityJson(sql`mo`),
    })}
    FROM ${from}
    JOIN users pu ON pu.id = bookings.provider_id
    LEFT JOIN provider_profiles pp ON pp.user_id = bookings.provider_id
    ${clientJoins(sql`bookings`)}
    ${catalogJoins(sql`bookings`)}
    LEFT JOIN booking_series series ON series.id = bookings.series_id`;
}

/** A timestamp of the JSON answer as the API's ISO instant. */
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** What an answer needs besides its row: the reader's language, where pictures live, and who reads it. */
export interface ViewContext {
  language: Language;
  storage: Storage;
  /** The reader (a party, or an operator): `feedbackProvided` is told to the booking's client only. */
  viewerId: string;
}

/** What a booking answer needs besides the database: the reader's language and who reads it. */
export function viewContext(deps: Pick<AppDeps, 'config'>, language: Language, viewerId: string): ViewContext {
  return { language, storage: publicStorage(deps.config), viewerId };
}

export function toBooking(view: ViewRow, { language, storage, viewerId }: ViewContext): Booking {
  const row = view.booking;
  const pending = row.reschedule_status === 'pending';
  return {
    identifier: row.id,
    status: row.status,
    previousStatus: row.previous_status,
    provider: personView(row.provider_id, view.provider, storage),
    client: personView(row.client_id, view.client, storage),
    therapyCategory: view.therapy ? { identifier: view.therapy.id, name: localizedName(view.therapy, language) } : null,
    modality: view.modality
      ? { identifier: view.modality.id, key: view.modality.key, name: localizedName(view.modality, language) }
      : null,
    startAt: iso(row.starts_at),
    endAt: iso(row.ends_at),
    holdExpiresAt: row.status === 'pending' ? iso(row.hold_expires_at) : null,
    priceMinor: row.price_minor,
    currencyCode: row.currency_code,
    isPaid: isPaidRow({ paidAt: row.paid_at, paymentMethod: row.payment_method, priceMinor: row.price_minor }),
    paymentMethod: row.payment_method,
    note: row.note,
    createdBy: row.created_by,
    participantStatus: row.participant_status,
    allowRescheduleCompletedBooking: row.allow_reschedule_completed_booking,
    rescheduleInfo: {
      status: row.reschedule_status,
      remainingClientReschedule: row.remaining_client_reschedule,
      remainingProviderReschedule: row.remaining_provider_reschedule,
      requestedBy: row.reschedule_requested_by,
      proposedStartAt: pending ? iso(row.reschedule_starts_at) : null,
      proposedEndAt: pending ? iso(row.reschedule_ends_at) : null,
      note: row.reschedule_note,
    },
    cancellation:
      row.cancelled_at && row.cancelled_by
        ? {
            cancelledBy: row.cancelled_by,
            reason: row.cancellation_reason,
            refundStatus: row.refund_status ?? 'not_paid',
            refundMinor: row.refund_minor ?? 0,
            cancelledAt: new Date(row.cancelled_at).toISOString(),
          }
        : null,
    // Whether the client reviewed the session: theirs to know (Review or Edit review). Anyone else,
    // the provider above all, sees false, so an anonymous review cannot be tied to its booking.
    feedbackProvided: row.feedback_provided && row.client_id === viewerId,
    series:
      row.series_id && view.seriesOccurrences !== null
        ? { identifier: row.series_id, index: row.series_index ?? 0, occurrences: view.seriesOccurrences }
        : null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
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

/**
 * Booking answers for a filter, in one query; a page (`limit`) through viewPageSelect, prepared
 * by its shape: planning its joins costs more than running them.
 */
export async function bookingViews(db: Tx, options: ViewOptions, context: ViewContext): Promise<Booking[]> {
  const order = options.orderBy ? sql` ORDER BY ${sql.join(options.orderBy, sql`, `)}` : sql``;
  const where = options.where ? sql` WHERE ${options.where}` : sql``;
  const rows =
    options.limit === undefined
      ? await rawRows<ViewRow>(db, sql`${viewSelect()}${where}${order}`)
      : await shapedRows<ViewRow>(db, 'bookings_view_page', {
          select: viewPageSelect(
            sql`SELECT bookings.id FROM bookings${where}${order} LIMIT ${options.limit} OFFSET ${options.offset ?? 0}`,
            order,
          ),
          columns: viewRowColumns,
        });
  return rows.map((row) => toBooking(row, context));
}

/** The one-booking read follows many writes: a named prepared statement. */
const viewById = preparedSql<ViewRow>('bookings_view_by_id', () => ({
  select: sql`${viewSelect()} WHERE bookings.id = ${sql.placeholder('id')}::uuid`,
  columns: viewRowColumns,
}));

/** The answer for one booking (already access-checked by the caller). */
export async function bookingView(db: Tx, bookingId: string, context: ViewContext): Promise<Booking> {
  const [row] = await viewById(db, { id: bookingId });
  if (!row) throw new Error(`booking ${bookingId} vanished`);
  return toBooking(row, context);
}
