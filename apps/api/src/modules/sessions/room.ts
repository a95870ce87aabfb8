import type { Language } from '@app/shared/constants';
import type { ErrorCode } from '@app/shared/errors';
import type { BookingParty } from '@app/shared/schemas/bookings';
import type { Room } from '@app/shared/schemas/session-room';
import {
  hasRoom,
  PRESENCE_HEARTBEAT_SECONDS,
  ROOM_OPENS_BEFORE_MINUTES,
  roomState,
  roomWindow,
} from '@app/shared/session-rules';
import { and, eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { formatWhen } from '../../platform/format-when.ts';
import type { BookingRow } from '../bookings/booking-data.ts';
import { bookingView, viewContext } from '../bookings/booking-view.ts';
import { consentPending } from '../consent/signatures.ts';
import { openConversation } from '../messages/conversations.ts';
import type { MessagesDeps } from '../messages/deps.ts';
import { iceServersFor } from './ice-servers.ts';

export interface ParticipantBooking {
  row: BookingRow;
  /** The side the actor is on. */
  party: BookingParty;
  peerId: string;
}

/**
 * A booking the actor takes part in, as its client or its provider (whatever route they came by);
 * anyone else, an administrator included, gets NOT_FOUND. `lock` takes the row FOR UPDATE.
 */
export async function loadParticipantBooking(
  db: Tx,
  input: { actor: Actor; bookingId: string; lock?: boolean },
): Promise<ParticipantBooking> {
  const me = input.actor.userId;
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, input.bookingId), or(eq(bookings.clientId, me), eq(bookings.providerId, me))));
  const [row] = input.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  const party: BookingParty = row.clientId === me ? 'client' : 'provider';
  return { row, party, peerId: party === 'client' ? row.providerId : row.clientId };
}

/**
 * Why the room of this booking cannot be entered now, or null when it is open: only a confirmed
 * online session has a room, from 10 minutes before its start until 15 minutes after its end.
 */
export function roomRefusal(row: BookingRow, now: Date): ErrorCode | null {
  if (!hasRoom(row.modalityKey)) return 'ROOM_IN_PERSON';
  if (row.status === 'completed') return 'ROOM_CLOSED';
  if (row.status !== 'confirmed' || !row.startsAt || !row.endsAt) return 'ROOM_UNAVAILABLE';
  const state = roomState({ startsAt: row.startsAt, endsAt: row.endsAt, now });
  if (state === 'early') return 'ROOM_NOT_OPEN';
  return state === 'closed' ? 'ROOM_CLOSED' : null;
}

/** The refusal as an error whose words say when the room opens (in the reader's zone). */
async function refusalError(db: Tx, code: ErrorCode, row: BookingRow, actor: Actor, language: Language) {
  if (code !== 'ROOM_NOT_OPEN' || !row.startsAt || !row.endsAt) return new AppError(code);
  const [reader] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, actor.userId));
  const { opensAt } = roomWindow({ startsAt: row.startsAt, endsAt: row.endsAt });
  return new AppError(code, {
    minutes: ROOM_OPENS_BEFORE_MINUTES,
    when: formatWhen(opensAt, language, reader?.timezone ?? 'UTC'),
  });
}

/**
 * GET /booking/{id}/room: for the booking's client or provider while the room is open, who is
 * who, the ICE servers (short-lived TURN credentials), which side yields in negotiation, and the
 * pair's conversation for the text panel. Before it opens: 409 ROOM_NOT_OPEN naming the time;
 * after: ROOM_CLOSED; not a confirmed online session: ROOM_UNAVAILABLE / ROOM_IN_PERSON. A client
 * who has not signed the provider's current consent (when the provider requires it), before or
 * while the room is open: 409 CONSENT_REQUIRED, the web then links to the signing page.
 */
export async function getRoom(
  deps: AppDeps & { messages: MessagesDeps },
  input: { actor: Actor; language: Language; bookingId: string },
): Promise<Room> {
  const now = deps.clock.now();
  const { row, party, peerId } = await loadParticipantBooking(deps.db, input);
  const refusal = roomRefusal(row, now);
  // Before the room opens too: the client learns early that they must sign, not at the start.
  if (
    (refusal === null || refusal === 'ROOM_NOT_OPEN') &&
    party === 'client' &&
    (await consentPending(deps.db, { providerId: row.providerId, clientId: row.clientId }))
  ) {
    throw new AppError('CONSENT_REQUIRED');
  }
  if (refusal) throw await refusalError(deps.db, refusal, row, input.actor, input.language);
  const startsAt = row.startsAt as Date;
  const endsAt = row.endsAt as Date;
  const { opensAt, closesAt } = roomWindow({ startsAt, endsAt });
  const booking = await bookingView(deps.db, row.id, viewContext(deps, input.language, input.actor.userId));
  const conversation = await openConversation(deps.messages, { actor: input.actor, userIdentifier: peerId });
  const self = party === 'client' ? booking.client : booking.provider;
  const peer = party === 'client' ? booking.provider : booking.client;
  return {
    bookingIdentifier: row.id,
    party,
    self,
    peer,
    startAt: startsAt.toISOString(),
    endAt: endsAt.toISOString(),
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    polite: party === 'client',
    iceServers: iceServersFor(deps.config, {
      userId: input.actor.userId,
      validUntil: new Date(closesAt.getTime() + 3600_000),
    }),
    conversationIdentifier: conversation.identifier,
    heartbeatSeconds: PRESENCE_HEARTBEAT_SECONDS,
  };
}
