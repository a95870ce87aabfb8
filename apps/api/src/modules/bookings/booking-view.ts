import type { Language } from '@app/shared/constants';
import type { Booking } from '@app/shared/schemas/bookings';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  bookingSeries,
  bookings,
  clientProfiles,
  preferenceOptions,
  providerProfiles,
  therapyCategories,
  users,
} from '../../db/schema/index.ts';
import { localizedName } from '../../platform/localized.ts';
import type { Storage } from '../../platform/storage.ts';
import { photoUrls } from '../profiles/photo-urls.ts';
import { type BookingRow, isPaidRow } from './booking-data.ts';

const providerUser = alias(users, 'provider_user');
const clientUser = alias(users, 'client_user');
const modalityOption = alias(preferenceOptions, 'modality_option');

const personColumns = (table: typeof providerUser | typeof clientUser) => ({
  firstName: table.firstName,
  lastName: table.lastName,
  email: table.email,
  deletedAt: table.deletedAt,
});

/** One query: the bookings with both parties, their pictures, therapy, modality and series. */
function viewQuery(db: Tx) {
  return db
    .select({
      booking: bookings,
      provider: personColumns(providerUser),
      providerPhoto: { photoUrl: providerProfiles.photoUrl, photoKey: providerProfiles.photoKey },
      client: personColumns(clientUser),
      clientPhoto: { photoUrl: clientProfiles.photoUrl, photoKey: clientProfiles.photoKey },
      therapy: { id: therapyCategories.id, nameEn: therapyCategories.nameEn, nameDe: therapyCategories.nameDe },
      modality: {
        id: modalityOption.id,
        key: modalityOption.key,
        nameEn: modalityOption.nameEn,
        nameDe: modalityOption.nameDe,
      },
      seriesOccurrences: bookingSeries.occurrences,
    })
    .from(bookings)
    .innerJoin(providerUser, eq(providerUser.id, bookings.providerId))
    .innerJoin(clientUser, eq(clientUser.id, bookings.clientId))
    .leftJoin(providerProfiles, eq(providerProfiles.userId, bookings.providerId))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, bookings.clientId))
    .leftJoin(therapyCategories, eq(therapyCategories.id, bookings.therapyCategoryId))
    .leftJoin(modalityOption, and(eq(modalityOption.list, 'modality'), eq(modalityOption.key, bookings.modalityKey)))
    .leftJoin(bookingSeries, eq(bookingSeries.id, bookings.seriesId))
    .$dynamic();
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];

export function personName(person: {
  firstName: string | null;
  lastName: string | null;
  email: string;
  deletedAt?: Date | null;
}): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  if (name) return name;
  return person.deletedAt ? '' : person.email;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toBooking(row: ViewRow, language: Language, storage: Storage): Booking {
  const b: BookingRow = row.booking;
  const paid = isPaidRow(b);
  return {
    identifier: b.id,
    status: b.status,
    previousStatus: b.previousStatus,
    provider: {
      identifier: b.providerId,
      name: personName(row.provider),
      photo: photoUrls(storage, {
        photoUrl: row.providerPhoto?.photoUrl ?? null,
        photoKey: row.providerPhoto?.photoKey ?? null,
      }).photoUrl,
    },
    client: {
      identifier: b.clientId,
      name: personName(row.client),
      photo: photoUrls(storage, {
        photoUrl: row.clientPhoto?.photoUrl ?? null,
        photoKey: row.clientPhoto?.photoKey ?? null,
      }).photoUrl,
    },
    therapyCategory: row.therapy?.id
      ? { identifier: row.therapy.id, name: localizedName(row.therapy, language) }
      : null,
    modality: row.modality?.id
      ? { identifier: row.modality.id, key: row.modality.key, name: localizedName(row.modality, language) }
      : null,
    startAt: iso(b.startsAt),
    endAt: iso(b.endsAt),
    holdExpiresAt: b.status === 'pending' ? iso(b.holdExpiresAt) : null,
    priceMinor: b.priceMinor,
    currencyCode: b.currencyCode,
    isPaid: paid,
    paymentMethod: b.paymentMethod,
    note: b.note,
    createdBy: b.createdBy,
    participantStatus: b.participantStatus,
    allowRescheduleCompletedBooking: b.allowRescheduleCompletedBooking,
    rescheduleInfo: {
      status: b.rescheduleStatus,
      remainingClientReschedule: b.remainingClientReschedule,
      remainingProviderReschedule: b.remainingProviderReschedule,
      requestedBy: b.rescheduleRequestedBy,
      proposedStartAt: b.rescheduleStatus === 'pending' ? iso(b.rescheduleStartsAt) : null,
      proposedEndAt: b.rescheduleStatus === 'pending' ? iso(b.rescheduleEndsAt) : null,
      note: b.rescheduleNote,
    },
    cancellation:
      b.cancelledAt && b.cancelledBy
        ? {
            cancelledBy: b.cancelledBy,
            reason: b.cancellationReason,
            refundStatus: b.refundStatus ?? 'not_paid',
            refundMinor: b.refundMinor ?? 0,
            cancelledAt: b.cancelledAt.toISOString(),
          }
        : null,
    feedbackProvided: b.feedbackProvided,
    series:
      b.seriesId && row.seriesOccurrences !== null
        ? { identifier: b.seriesId, index: b.seriesIndex ?? 0, occurrences: row.seriesOccurrences }
        : null,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
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
export async function bookingViews(
  db: Tx,
  options: ViewOptions,
  context: { language: Language; storage: Storage },
): Promise<Booking[]> {
  let query = viewQuery(db).where(options.where);
  if (options.orderBy) query = query.orderBy(...options.orderBy);
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset) query = query.offset(options.offset);
  const rows = await query;
  return rows.map((row) => toBooking(row, context.language, context.storage));
}

/** The one-booking read follows every write: built and planned once per database handle. */
const byIdQueries = new WeakMap<object, ReturnType<typeof prepareById>>();
function prepareById(db: Tx) {
  return viewQuery(db)
    .where(eq(bookings.id, sql.placeholder('id')))
    .prepare('bookings_view_by_id');
}

/** The answer for one booking (already access-checked by the caller). */
export async function bookingView(
  db: Tx,
  bookingId: string,
  context: { language: Language; storage: Storage },
): Promise<Booking> {
  let query = byIdQueries.get(db);
  if (!query) {
    query = prepareById(db);
    byIdQueries.set(db, query);
  }
  const [row] = await query.execute({ id: bookingId });
  if (!row) throw new Error(`booking ${bookingId} vanished`);
  return toBooking(row, context.language, context.storage);
}
