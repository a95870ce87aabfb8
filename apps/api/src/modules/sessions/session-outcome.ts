import type { BookingParty } from '@app/shared/schemas/bookings';
import type { SessionOutcomeAnswer } from '@app/shared/schemas/session-room';
import {
  canMarkClientNoShow,
  hasRoom,
  outcomeFromVisits,
  REBOOK_WINDOW_MS,
  rebookOffer,
  rebookPrice,
  type SessionOutcome,
  togetherInSessionMs,
} from '@app/shared/session-rules';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sessionOutcomes } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type BookingRow, isPaidRow, recordEvent } from '../bookings/booking-data.ts';
import { creditEarning, refundToWallet } from '../money/escrow.ts';
import { references } from '../money/references.ts';
import { loadParticipantBooking } from './room.ts';
import { loadStays } from './room-attendance.ts';

export type SessionOutcomeRow = typeof sessionOutcomes.$inferSelect;

const TEMPLATE_STEM: Record<SessionOutcome, string> = {
  completed: 'completed',
  client_no_show: 'clientNoShow',
  provider_no_show: 'providerNoShow',
  interrupted: 'interrupted',
};

/**
 * One email event per side about an outcome (the booking_events outbox delivers one email per
 * event): the client's copy is the timeline entry (`session_outcome`), the provider's copy
 * (`session_outcome_notice`) only mails.
 */
export async function recordOutcomeEvents(
  tx: Tx,
  input: {
    row: BookingRow;
    outcome: SessionOutcome;
    /** `marked`: the provider recorded the no-show (other words than the room's). */
    stem: string;
    actorRole: BookingParty | 'system';
    refundMinor: number;
    rebookPriceMinor: number | null;
    rebookUntil: Date | null;
    at: Date;
  },
): Promise<string[]> {
  const base = {
    outcome: input.outcome,
    startAt: input.row.startsAt?.toISOString() ?? null,
    ...(input.rebookUntil
      ? { rebookUntil: input.rebookUntil.toISOString(), rebookPriceMinor: input.rebookPriceMinor }
      : {}),
  };
  const client = await recordEvent(tx, {
    bookingId: input.row.id,
    type: 'session_outcome',
    actorRole: input.actorRole,
    data: {
      ...base,
      template: `session.${input.stem}Client`,
      notifyParty: 'client',
      ...(input.refundMinor > 0 ? { refundStatus: 'refunded', refundMinor: input.refundMinor } : {}),
    },
    notifyUserId: input.row.clientId,
    at: input.at,
  });
  const provider = await recordEvent(tx, {
    bookingId: input.row.id,
    type: 'session_outcome_notice',
    actorRole: input.actorRole,
    data: { ...base, template: `session.${input.stem}Provider`, notifyParty: 'provider' },
    notifyUserId: input.row.providerId,
    at: input.at,
  });
  return [client, provider];
}

/**
 * What happened to a confirmed session that is over, and its money, inside the completion
 * transaction (the row locked by the caller). An online session's outcome comes from the stays
 * its room recorded (session-rules: outcomeFromVisits); an in-person one is completed. A provider
 * no-show returns the full price to the client's wallet; every other outcome pays the provider
 * their earning minus commission (creditEarning), as a completed session always did. Missed and
 * interrupted sessions carry the client's replacement offer (price and deadline). Both sides are
 * emailed. Idempotent: a session already decided is left as it is.
 */
export async function settleSession(
  tx: Tx,
  row: BookingRow,
  now: Date,
): Promise<{ outcome: SessionOutcome; credited: boolean; refunded: boolean }> {
  const startsAt = row.startsAt as Date;
  const endsAt = row.endsAt as Date;
  const outcome: SessionOutcome = hasRoom(row.modalityKey)
    ? outcomeFromVisits({ startsAt, endsAt, visits: (await loadStays(tx, row.id, now)).visits })
    : 'completed';
  const paid = isPaidRow(row);
  let refundMinor = 0;
  let credited = false;
  if (paid && outcome === 'provider_no_show') {
    await refundToWallet(tx, {
      userId: row.clientId,
      amountMinor: row.priceMinor,
      currencyCode: row.currencyCode,
      reference: references.bookingRefund(row.id),
      description: 'Therapist did not join the session',
      bookingId: row.id,
      at: now,
    });
    refundMinor = row.priceMinor;
  } else if (paid) {
    const posted = await creditEarning(tx, {
      providerId: row.providerId,
      grossMinor: row.priceMinor,
      currencyCode: row.currencyCode,
      reference: references.bookingEarning(row.id),
      bookingId: row.id,
      at: now,
    });
    credited = posted.applied;
  }
  const rebookPriceMinor = rebookPrice(outcome, row.priceMinor);
  const rebookUntil = rebookPriceMinor === null ? null : new Date(endsAt.getTime() + REBOOK_WINDOW_MS);
  const [inserted] = await tx
    .insert(sessionOutcomes)
    .values({
      bookingId: row.id,
      outcome,
      recordedOutcome: outcome,
      decidedBy: 'system',
      decidedAt: now,
      refundMinor,
      rebookPriceMinor,
      rebookUntil,
    })
    .onConflictDoNothing()
    .returning({ bookingId: sessionOutcomes.bookingId });
  if (inserted) {
    await recordOutcomeEvents(tx, {
      row,
      outcome,
      stem: TEMPLATE_STEM[outcome],
      actorRole: 'system',
      refundMinor,
      rebookPriceMinor,
      rebookUntil,
      at: now,
    });
  }
  return { outcome, credited, refunded: refundMinor > 0 };
}

/** The answer of GET /booking/{id}/outcome from the rows at hand. */
export function outcomeAnswer(input: {
  row: BookingRow;
  party: BookingParty;
  outcome: SessionOutcomeRow | null;
  attendance: SessionOutcomeAnswer['attendance'];
  together: number;
  now: Date;
}): SessionOutcomeAnswer {
  const { row, outcome, now } = input;
  const rebooked = Boolean(outcome?.rebookedBookingId);
  const offer =
    outcome && row.endsAt
      ? rebookOffer({ outcome: outcome.outcome, endsAt: row.endsAt, now, priceMinor: row.priceMinor, rebooked })
      : ({ offered: false } as const);
  return {
    bookingIdentifier: row.id,
    outcome: outcome?.outcome ?? null,
    decidedBy: outcome?.decidedBy ?? null,
    decidedAt: outcome?.decidedAt.toISOString() ?? null,
    hasRoom: hasRoom(row.modalityKey),
    refundMinor: outcome?.refundMinor ?? 0,
    currencyCode: row.currencyCode,
    attendance: input.attendance,
    canMarkClientNoShow:
      input.party === 'provider' &&
      row.endsAt !== null &&
      canMarkClientNoShow({
        outcome: outcome?.outcome ?? null,
        endsAt: row.endsAt,
        now,
        togetherMs: input.together,
        rebooked,
      }),
    rebook: {
      offered: input.party === 'client' && offer.offered,
      priceMinor: offer.offered ? offer.priceMinor : (outcome?.rebookPriceMinor ?? null),
      until: offer.offered ? offer.until.toISOString() : (outcome?.rebookUntil?.toISOString() ?? null),
      bookingIdentifier: outcome?.rebookedBookingId ?? null,
    },
  };
}

/** GET /booking/{id}/outcome: for either party, what happened (null while the session is not over) and who was in the room when. */
export async function getSessionOutcome(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; bookingId: string },
): Promise<SessionOutcomeAnswer> {
  const now = deps.clock.now();
  const { row, party } = await loadParticipantBooking(deps.db, input);
  const [outcome] = await deps.db.select().from(sessionOutcomes).where(eq(sessionOutcomes.bookingId, row.id));
  const { visits, attendance } = await loadStays(deps.db, row.id, now);
  const together =
    row.startsAt && row.endsAt ? togetherInSessionMs({ startsAt: row.startsAt, endsAt: row.endsAt, visits }) : 0;
  return outcomeAnswer({ row, party, outcome: outcome ?? null, attendance, together, now });
}
