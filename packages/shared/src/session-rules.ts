import type { BookingParty } from './schemas/bookings.ts';

/**
 * The session room and what happened in it, as pure functions of instants and visits: the API
 * decides with them, the web only chooses what to offer (a Join link, a "book a replacement"
 * button). Time zones never enter.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The room opens this long before the session starts. */
export const ROOM_OPENS_BEFORE_MINUTES = 10;
/** The room stays open this long after the session's end (a session running a little over). */
export const ROOM_GRACE_MINUTES = 15;
/** A side whose connection dropped for longer than this, while the other waited, interrupted the session. */
export const INTERRUPTION_MINUTES = 5;
/** The provider may record a client no-show until this long after the end. */
export const NO_SHOW_MARK_WINDOW_HOURS = 24;
/** A missed or interrupted session may be replaced until this long after its end. */
export const REBOOK_WINDOW_HOURS = 48;
/**
 * The share of the fee a client pays to replace a session they missed (basis points): half.
 * docs/decisions/sessions-a-missed-session-is-replaced-for-half-the.md.
 */
export const MISSED_SESSION_REBOOK_SHARE_BPS = 5_000;
/**
 * A session took place only when client and provider were in the room together, inside the
 * booked time, for at least this share of it (basis points): half. Minutes together before the
 * start or after the end do not count. docs/decisions/bookings-session-took-place.md.
 */
export const SESSION_MIN_TOGETHER_SHARE_BPS = 5_000;
/**
 * A session's earning can be withdrawn only this long after its end: within it the client may
 * report that the session did not take place, and an operator decides.
 */
export const DISPUTE_WINDOW_HOURS = 48;
/** The room's tab tells the server it is still there this often... */
export const PRESENCE_HEARTBEAT_SECONDS = 15;
/** ...and is counted as gone (its connection lost) after this long without a word. */
export const PRESENCE_STALE_SECONDS = 45;

export const ROOM_OPENS_BEFORE_MS = ROOM_OPENS_BEFORE_MINUTES * MINUTE_MS;
export const ROOM_GRACE_MS = ROOM_GRACE_MINUTES * MINUTE_MS;
export const INTERRUPTION_MS = INTERRUPTION_MINUTES * MINUTE_MS;
export const NO_SHOW_MARK_WINDOW_MS = NO_SHOW_MARK_WINDOW_HOURS * HOUR_MS;
export const REBOOK_WINDOW_MS = REBOOK_WINDOW_HOURS * HOUR_MS;
export const PRESENCE_STALE_MS = PRESENCE_STALE_SECONDS * 1000;
export const DISPUTE_WINDOW_MS = DISPUTE_WINDOW_HOURS * HOUR_MS;

export const SESSION_OUTCOMES = ['completed', 'client_no_show', 'provider_no_show', 'interrupted'] as const;
export type SessionOutcome = (typeof SESSION_OUTCOMES)[number];

/** The modality of sessions held at the provider's office: they have no room. */
export const IN_PERSON_MODALITY = 'in-person';

/** Whether a booking of this modality meets in the room (every online format, and a booking without one). */
export function hasRoom(modalityKey: string | null): boolean {
  return modalityKey !== IN_PERSON_MODALITY;
}

export interface RoomWindow {
  opensAt: Date;
  closesAt: Date;
}

/** From 10 minutes before the start until the end plus the grace period. */
export function roomWindow(session: { startsAt: Date; endsAt: Date }): RoomWindow {
  return {
    opensAt: new Date(session.startsAt.getTime() - ROOM_OPENS_BEFORE_MS),
    closesAt: new Date(session.endsAt.getTime() + ROOM_GRACE_MS),
  };
}

export type RoomState = 'early' | 'open' | 'closed';

/** Early before opensAt, open on [opensAt, closesAt), closed from closesAt. */
export function roomState(session: { startsAt: Date; endsAt: Date; now: Date }): RoomState {
  const { opensAt, closesAt } = roomWindow(session);
  const now = session.now.getTime();
  if (now < opensAt.getTime()) return 'early';
  return now < closesAt.getTime() ? 'open' : 'closed';
}

/**
 * One stay of a party in the room: from its join to its end, `lost` when it ended without the
 * party leaving (the connection dropped, the tab crashed) rather than by pressing Leave.
 */
export interface Visit {
  party: BookingParty;
  joinedAt: Date;
  endedAt: Date;
  lost: boolean;
}

interface Interval {
  from: number;
  to: number;
}

/** The party's time in the room, as sorted disjoint intervals (cut to `within` when given). */
function presence(visits: readonly Visit[], party: BookingParty, within?: Interval): Interval[] {
  const own = visits
    .filter((visit) => visit.party === party)
    .map((visit) => ({
      from: Math.max(visit.joinedAt.getTime(), within?.from ?? Number.NEGATIVE_INFINITY),
      to: Math.min(visit.endedAt.getTime(), within?.to ?? Number.POSITIVE_INFINITY),
    }))
    .filter((interval) => interval.to > interval.from)
    .sort((a, b) => a.from - b.from);
  const merged: Interval[] = [];
  for (const interval of own) {
    const last = merged.at(-1);
    if (last && interval.from <= last.to) last.to = Math.max(last.to, interval.to);
    else merged.push({ ...interval });
  }
  return merged;
}

function overlapMs(client: readonly Interval[], provider: readonly Interval[]): number {
  let total = 0;
  for (const a of client) {
    for (const b of provider) total += Math.max(0, Math.min(a.to, b.to) - Math.max(a.from, b.from));
  }
  return total;
}

function isIn(intervals: readonly Interval[], at: number): boolean {
  return intervals.some((interval) => interval.from <= at && at < interval.to);
}

/** How long the two were in the room at the same time, whenever that was. */
export function togetherMs(visits: readonly Visit[]): number {
  return overlapMs(presence(visits, 'client'), presence(visits, 'provider'));
}

type SessionVisits = { startsAt: Date; endsAt: Date; visits: readonly Visit[] };

const bookedTime = (input: SessionVisits): Interval => ({ from: input.startsAt.getTime(), to: input.endsAt.getTime() });

/** How long the two were in the room at the same time inside the booked time (presence before the start counts from the start). */
export function togetherInSessionMs(input: SessionVisits): number {
  const within = bookedTime(input);
  return overlapMs(presence(input.visits, 'client', within), presence(input.visits, 'provider', within));
}

/** Whether the party was in the room at any moment of the booked time. */
export function cameInTime(input: SessionVisits, party: BookingParty): boolean {
  return presence(input.visits, party, bookedTime(input)).length > 0;
}

/**
 * The session took place: the two were together inside the booked time for at least
 * SESSION_MIN_TOGETHER_SHARE_BPS of it (compared in integers, so the edge itself counts).
 */
export function sessionTookPlace(input: SessionVisits): boolean {
  const lengthMs = input.endsAt.getTime() - input.startsAt.getTime();
  if (lengthMs <= 0) return false;
  return togetherInSessionMs(input) * 10_000 >= lengthMs * SESSION_MIN_TOGETHER_SHARE_BPS;
}

/**
 * The party is away because its connection was lost: not in the room at `at`, and the visit
 * that ended last before `at` ended without a Leave.
 */
function lostAt(visits: readonly Visit[], party: BookingParty, intervals: readonly Interval[], at: number): boolean {
  if (isIn(intervals, at)) return false;
  let latest: Visit | undefined;
  for (const visit of visits) {
    if (visit.party !== party || visit.endedAt.getTime() > at) continue;
    if (!latest || visit.endedAt.getTime() > latest.endedAt.getTime()) latest = visit;
  }
  return latest?.lost ?? false;
}

/**
 * The longest stretch inside the session during which one side was in the room and the other
 * side was away after losing its connection (not after leaving, not before first coming).
 */
export function longestInterruptionMs(input: SessionVisits): number {
  const start = input.startsAt.getTime();
  const end = input.endsAt.getTime();
  const client = presence(input.visits, 'client');
  const provider = presence(input.visits, 'provider');
  const points = new Set<number>([start, end]);
  for (const visit of input.visits) {
    for (const at of [visit.joinedAt.getTime(), visit.endedAt.getTime()]) if (at > start && at < end) points.add(at);
  }
  const sorted = [...points].sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  for (let i = 0; i + 1 < sorted.length; i++) {
    const from = sorted[i] as number;
    const to = sorted[i + 1] as number;
    const interrupted =
      (isIn(provider, from) && lostAt(input.visits, 'client', client, from)) ||
      (isIn(client, from) && lostAt(input.visits, 'provider', provider, from));
    run = interrupted ? run + (to - from) : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/**
 * What the room recorded, decided when it closes. Only the booked time counts: a party that was
 * in the room only before the start (or only in the grace period after the end) did not come.
 *  - the provider did not come: provider no-show (the client is refunded in full);
 *  - the client did not come: client no-show;
 *  - both came but were together for less than the minimum share (sessionTookPlace), or one
 *    side's connection was lost for more than 5 minutes while the other waited: interrupted
 *    (the client may book a free replacement);
 *  - otherwise completed.
 */
export function outcomeFromVisits(input: SessionVisits): SessionOutcome {
  if (!cameInTime(input, 'provider')) return 'provider_no_show';
  if (!cameInTime(input, 'client')) return 'client_no_show';
  if (!sessionTookPlace(input)) return 'interrupted';
  return longestInterruptionMs(input) > INTERRUPTION_MS ? 'interrupted' : 'completed';
}

/**
 * The provider records a client no-show: within 24 hours of the end, over an outcome that is
 * completed or interrupted, when the room never saw the two together inside the booked time
 * (togetherInSessionMs), and before a replacement
 * session was booked.
 */
export function canMarkClientNoShow(input: {
  outcome: SessionOutcome | null;
  endsAt: Date;
  now: Date;
  togetherMs: number;
  rebooked: boolean;
}): boolean {
  if (input.outcome !== 'completed' && input.outcome !== 'interrupted') return false;
  if (input.togetherMs > 0 || input.rebooked) return false;
  return input.now.getTime() - input.endsAt.getTime() <= NO_SHOW_MARK_WINDOW_MS;
}

/** A fee's share in basis points, rounded half up (integers in minor units). */
export function shareOf(priceMinor: number, bps: number): number {
  return Math.floor((priceMinor * bps + 5_000) / 10_000);
}

/** What a replacement session costs the client: half the fee after a no-show, nothing after an interruption. */
export function rebookPrice(outcome: SessionOutcome, priceMinor: number): number | null {
  if (outcome === 'client_no_show') return shareOf(priceMinor, MISSED_SESSION_REBOOK_SHARE_BPS);
  if (outcome === 'interrupted') return 0;
  return null;
}

export type RebookOffer = { offered: false } | { offered: true; priceMinor: number; until: Date };

/** The client's offer to replace a missed or interrupted session: within 48 hours of its end, once. */
export function rebookOffer(input: {
  outcome: SessionOutcome | null;
  endsAt: Date;
  now: Date;
  priceMinor: number;
  rebooked: boolean;
}): RebookOffer {
  if (!input.outcome || input.rebooked) return { offered: false };
  const priceMinor = rebookPrice(input.outcome, input.priceMinor);
  const until = new Date(input.endsAt.getTime() + REBOOK_WINDOW_MS);
  if (priceMinor === null || input.now.getTime() > until.getTime()) return { offered: false };
  return { offered: true, priceMinor, until };
}

/** Until when the client may report that the session did not take place (and its earning is held). */
export function disputeWindowEndsAt(endsAt: Date): Date {
  return new Date(endsAt.getTime() + DISPUTE_WINDOW_MS);
}

/**
 * The client may report "the session did not take place" once, within the dispute window
 * (its end inclusive), about a session whose outcome paid the provider (any but a provider no-show,
 * which refunded the client already).
 */
export function canReportNoSession(input: {
  outcome: SessionOutcome | null;
  endsAt: Date;
  now: Date;
  reported: boolean;
}): boolean {
  if (!input.outcome || input.outcome === 'provider_no_show' || input.reported) return false;
  return input.now.getTime() <= disputeWindowEndsAt(input.endsAt).getTime();
}

/** The operator's decision on a report: the session took place (earning stays) or not (the client is refunded). */
export const NO_SESSION_DECISIONS = ['took_place', 'did_not_take_place'] as const;
export type NoSessionDecision = (typeof NO_SESSION_DECISIONS)[number];
