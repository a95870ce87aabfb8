import type { Language } from '@app/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookingEvents, preferenceOptions, therapyCategories, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { localizedSessionCalendar } from '../../platform/calendar-file.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { localizedName } from '../../platform/localized.ts';
import { loadOwnBooking, otherPartyId, partyOf } from '../bookings/booking-data.ts';
import { personName } from '../profiles/person-json.ts';

const modality = alias(preferenceOptions, 'modality');

/**
 * GET /booking/{id}/calendar.ics: a participant's session as an iCalendar file ("Add to
 * calendar"), in the reader's language. A confirmed or completed session is an entry; a
 * cancelled one a cancelling entry (same UID). One without a confirmed time: CALENDAR_NOT_AVAILABLE.
 */
export async function bookingCalendarFile(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  input: { actor: Actor; language: Language; bookingId: string },
): Promise<string> {
  const row = await loadOwnBooking(deps.db, { bookingId: input.bookingId, actor: input.actor });
  const cancelled = row.status === 'cancelled' || row.status === 'rejected';
  if (!row.startsAt || !row.endsAt || !(cancelled || row.status === 'confirmed' || row.status === 'completed')) {
    throw new AppError('CALENDAR_NOT_AVAILABLE');
  }
  const otherId = otherPartyId(row, partyOf(input.actor));
  const [facts] = await deps.db
    .select({
      other: { firstName: users.firstName, lastName: users.lastName, email: users.email, deletedAt: users.deletedAt },
      sequence: sql<number>`(SELECT COALESCE(MAX(${bookingEvents.seq}), 0) FROM ${bookingEvents} WHERE ${bookingEvents.bookingId} = ${row.id})`,
      therapy: { nameEn: therapyCategories.nameEn, nameDe: therapyCategories.nameDe },
      modality: { nameEn: modality.nameEn, nameDe: modality.nameDe },
    })
    .from(users)
    .leftJoin(therapyCategories, eq(therapyCategories.id, sql`${row.therapyCategoryId}::uuid`))
    .leftJoin(modality, sql`${modality.list} = 'modality' AND ${modality.key} = ${row.modalityKey}`)
    .where(eq(users.id, otherId));
  const t = (key: string, params: Record<string, unknown>) =>
    translate(input.language, `emails.bookings.${key}`, params);
  return localizedSessionCalendar(deps.config, {
    language: input.language,
    bookingId: row.id,
    sequence: Number(facts?.sequence ?? 0),
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    withName: facts?.other && !facts.other.deletedAt ? personName(facts.other) : '',
    details: [
      facts?.therapy?.nameEn ? t('therapy', { therapy: localizedName(facts.therapy, input.language) }) : null,
      facts?.modality?.nameEn ? t('modality', { modality: localizedName(facts.modality, input.language) }) : null,
    ].filter((line): line is string => Boolean(line)),
    cancelled,
    stamp: deps.clock.now(),
  });
}
