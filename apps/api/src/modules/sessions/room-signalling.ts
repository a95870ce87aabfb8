import {
  RoomHeartbeatFrameSchema,
  RoomJoinFrameSchema,
  RoomLeaveFrameSchema,
  RoomSignalFrameSchema,
} from '@app/shared/schemas/session-room';
import type { z } from '@app/shared/zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { RealtimeHub } from '../../platform/realtime/hub.ts';
import { consentPending } from '../consent/signatures.ts';
import { loadParticipantBooking, type ParticipantBooking, roomRefusal } from './room.ts';
import { endStay, renewStay, startStay } from './room-attendance.ts';

export interface SignallingDeps {
  db: Db;
  clock: Clock;
  realtime: Pick<RealtimeHub, 'publish' | 'onFrame'>;
  log?: Logger;
}

/** The participant of an open room, or null (a stranger's frame is dropped without a word: no hint that the booking exists). */
async function openRoomOf(
  deps: SignallingDeps,
  actor: Actor,
  frame: { bookingIdentifier: string; tab: string },
): Promise<ParticipantBooking | null> {
  let participant: ParticipantBooking;
  try {
    participant = await loadParticipantBooking(deps.db, { actor, bookingId: frame.bookingIdentifier });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
  const refusal = roomRefusal(participant.row, deps.clock.now());
  if (!refusal) return participant;
  await deps.realtime.publish([actor.userId], {
    type: 'room.refused',
    bookingIdentifier: frame.bookingIdentifier,
    tab: frame.tab,
    code: refusal,
  });
  return null;
}

async function join(deps: SignallingDeps, actor: Actor, frame: { bookingIdentifier: string; tab: string }) {
  const participant = await openRoomOf(deps, actor, frame);
  if (!participant) return;
  // Joining is where the room is entered: a client owing the provider's consent is refused here
  // too, not only by GET /booking/{id}/room (the later frames need a stay this never starts).
  const { row } = participant;
  if (
    participant.party === 'client' &&
    (await consentPending(deps.db, { providerId: row.providerId, clientId: row.clientId }))
  ) {
    await deps.realtime.publish([actor.userId], {
      type: 'room.refused',
      bookingIdentifier: frame.bookingIdentifier,
      tab: frame.tab,
      code: 'CONSENT_REQUIRED',
    });
    return;
  }
  await startStay(deps.db, { participant, tab: frame.tab, now: deps.clock.now() });
  // The actor's other tabs learn they were replaced; the other side (re)connects to this tab.
  await deps.realtime.publish([actor.userId], {
    type: 'room.joined',
    bookingIdentifier: frame.bookingIdentifier,
    tab: frame.tab,
  });
  await deps.realtime.publish([participant.peerId], {
    type: 'room.peer',
    bookingIdentifier: frame.bookingIdentifier,
    tab: frame.tab,
    party: participant.party,
  });
}

/**
 * The room's signalling over the live socket (/api/ws): frames from the browser, checked against
 * the booking (only its two participants, only while the room is open) and relayed to the other
 * side; no media passes here. Each tab's frames are handled one after another, so an offer is
 * relayed before the candidates that follow it.
 *  - `room.join {bookingIdentifier, tab}`: a stay starts (join time recorded); the other side
 *    gets `room.peer {tab, party}` and offers a connection; the actor's other tabs get
 *    `room.joined {tab}`.
 *  - `room.heartbeat`: the stay is renewed (a tab silent for 45 s counts as lost).
 *  - `room.signal {to, pc, description?, candidates?, state?}` → the other side's `room.signal {from, …}`.
 *  - `room.leave`: the stay ends (leave time recorded); the other side gets `room.peer-left`.
 * A frame for a room that is not open answers `room.refused {code}` to the sender.
 */
export function registerRoomSignalling(deps: SignallingDeps): void {
  const queues = new Map<string, Promise<void>>();
  const inOrder = (key: string, work: () => Promise<void>) => {
    const next = (queues.get(key) ?? Promise.resolve()).then(work).catch((error) => {
      deps.log?.debug({ err: error }, 'room: frame failed');
    });
    queues.set(key, next);
    void next.finally(() => {
      if (queues.get(key) === next) queues.delete(key);
    });
    return next;
  };
  const handle =
    <T extends { bookingIdentifier: string; tab: string }>(
      schema: z.ZodType<T>,
      run: (actor: Actor, frame: T) => Promise<void>,
    ) =>
    (actor: Actor, raw: Record<string, unknown>) => {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) return;
      const frame = parsed.data;
      return inOrder(`${actor.userId}:${frame.bookingIdentifier}:${frame.tab}`, () => run(actor, frame));
    };

  deps.realtime.onFrame(
    'room.join',
    handle(RoomJoinFrameSchema, (actor, frame) => join(deps, actor, frame)),
  );

  deps.realtime.onFrame(
    'room.heartbeat',
    handle(RoomHeartbeatFrameSchema, async (actor, frame) => {
      const now = deps.clock.now();
      const key = { bookingId: frame.bookingIdentifier, userId: actor.userId, tab: frame.tab };
      const participant = await openRoomOf(deps, actor, frame);
      if (!participant) return;
      // Silent too long (a suspended laptop, a long drop without a reconnect): a new stay.
      if (!(await renewStay(deps.db, { ...key, now }))) await join(deps, actor, frame);
    }),
  );

  deps.realtime.onFrame(
    'room.leave',
    handle(RoomLeaveFrameSchema, async (actor, frame) => {
      const participant = await loadParticipantBooking(deps.db, { actor, bookingId: frame.bookingIdentifier }).catch(
        () => null,
      );
      if (!participant) return;
      const now = deps.clock.now();
      await endStay(deps.db, { bookingId: frame.bookingIdentifier, userId: actor.userId, tab: frame.tab, now });
      await deps.realtime.publish([participant.peerId], {
        type: 'room.peer-left',
        bookingIdentifier: frame.bookingIdentifier,
        tab: frame.tab,
      });
    }),
  );

  deps.realtime.onFrame(
    'room.signal',
    handle(RoomSignalFrameSchema, async (actor, frame) => {
      const participant = await openRoomOf(deps, actor, frame);
      if (!participant) return;
      const { tab, ...rest } = frame;
      await deps.realtime.publish([participant.peerId], { ...rest, type: 'room.signal', from: tab });
    }),
  );
}
