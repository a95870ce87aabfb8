import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookingParty } from './schemas/bookings.ts';
import {
  cameInTime,
  canMarkClientNoShow,
  canReportNoSession,
  DISPUTE_WINDOW_MS,
  disputeWindowEndsAt,
  hasRoom,
  longestInterruptionMs,
  outcomeFromVisits,
  rebookOffer,
  roomState,
  roomWindow,
  SESSION_MIN_TOGETHER_SHARE_BPS,
  sessionTookPlace,
  shareOf,
  togetherInSessionMs,
  togetherMs,
  type Visit,
} from './session-rules.ts';

const START = new Date('2027-03-02T10:00:00Z');
const END = new Date('2027-03-02T11:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
const visit = (party: BookingParty, from: number, to: number, lost = false): Visit => ({
  party,
  joinedAt: at(from),
  endedAt: at(to),
  lost,
});
const session = { startsAt: START, endsAt: END };

describe('room window', () => {
  it('opens 10 minutes before the start and closes 15 minutes after the end', () => {
    expect(roomWindow(session)).toEqual({ opensAt: at(-10), closesAt: at(75) });
    expect(roomState({ ...session, now: new Date(at(-10).getTime() - 1) })).toBe('early');
    expect(roomState({ ...session, now: at(-10) })).toBe('open');
    expect(roomState({ ...session, now: new Date(at(75).getTime() - 1) })).toBe('open');
    expect(roomState({ ...session, now: at(75) })).toBe('closed');
  });

  it('has a room for every online format, not for in-person sessions', () => {
    expect(hasRoom('video-session')).toBe(true);
    expect(hasRoom('audio-call')).toBe(true);
    expect(hasRoom(null)).toBe(true);
    expect(hasRoom('in-person')).toBe(false);
  });
});

describe('outcomeFromVisits', () => {
  it('is a provider no-show when the provider never came, whoever else did', () => {
    expect(outcomeFromVisits({ ...session, visits: [] })).toBe('provider_no_show');
    expect(outcomeFromVisits({ ...session, visits: [visit('client', -5, 60)] })).toBe('provider_no_show');
  });

  it('is a client no-show when only the provider came', () => {
    expect(outcomeFromVisits({ ...session, visits: [visit('provider', -2, 60)] })).toBe('client_no_show');
  });

  it('is completed when both were there, with short drops', () => {
    const visits = [
      visit('provider', -3, 58),
      visit('client', 0, 20, true),
      visit('client', 24, 30, true), // back after 4 minutes, then 4 more
      visit('client', 34, 58),
    ];
    expect(longestInterruptionMs({ ...session, visits })).toBe(4 * 60_000);
    expect(outcomeFromVisits({ ...session, visits })).toBe('completed');
  });

  it('is interrupted when one side was lost for more than 5 minutes while the other waited', () => {
    const visits = [visit('provider', 0, 60), visit('client', 0, 20, true), visit('client', 26, 60)];
    expect(longestInterruptionMs({ ...session, visits })).toBe(6 * 60_000);
    expect(outcomeFromVisits({ ...session, visits })).toBe('interrupted');
  });

  it('does not count a side that left on purpose, or the time after the other left too', () => {
    // The client pressed Leave at 40; the provider stayed: not an interruption.
    expect(outcomeFromVisits({ ...session, visits: [visit('provider', 0, 60), visit('client', 0, 40)] })).toBe(
      'completed',
    );
    // The client's connection dropped at 50, the provider finished at 52: 2 minutes of waiting.
    expect(outcomeFromVisits({ ...session, visits: [visit('provider', 0, 52), visit('client', 0, 50, true)] })).toBe(
      'completed',
    );
  });

  it('is interrupted when both came but never met', () => {
    expect(outcomeFromVisits({ ...session, visits: [visit('client', -5, 3), visit('provider', 10, 60)] })).toBe(
      'interrupted',
    );
  });

  it('counts only the session itself (not the minutes before the start or in the grace period)', () => {
    const visits = [visit('provider', -10, 70), visit('client', -10, -8, true), visit('client', 0, 55, true)];
    expect(longestInterruptionMs({ ...session, visits })).toBe(5 * 60_000);
    expect(outcomeFromVisits({ ...session, visits })).toBe('completed');
  });

  it('never says no-show for a party that came in time, and never completed without the minimum together', () => {
    const visitArb = fc
      .record({
        party: fc.constantFrom<BookingParty>('client', 'provider'),
        from: fc.integer({ min: -10, max: 74 }),
        length: fc.integer({ min: 1, max: 80 }),
        lost: fc.boolean(),
      })
      .map(({ party, from, length, lost }) => visit(party, from, Math.min(75, from + length), lost));
    fc.assert(
      fc.property(fc.array(visitArb, { maxLength: 8 }), (visits) => {
        const input = { ...session, visits };
        const outcome = outcomeFromVisits(input);
        const came = (party: BookingParty) =>
          visits.some(
            (v) => v.joinedAt.getTime() < END.getTime() && v.endedAt.getTime() > START.getTime() && v.party === party,
          );
        if (outcome === 'provider_no_show') expect(came('provider')).toBe(false);
        if (outcome === 'client_no_show') expect(came('client') || !came('provider')).toBe(false);
        if (outcome === 'completed') {
          expect(togetherInSessionMs(input) * 10_000).toBeGreaterThanOrEqual(
            60 * 60_000 * SESSION_MIN_TOGETHER_SHARE_BPS,
          );
        }
        // Time together inside the booked hour is never more than the hour, nor than time together at all.
        expect(togetherInSessionMs(input)).toBeLessThanOrEqual(Math.min(60 * 60_000, togetherMs(visits)));
        // Without any lost connection, a session that took place is never "interrupted".
        if (visits.every((v) => !v.lost) && sessionTookPlace(input)) expect(outcome).toBe('completed');
        expect(longestInterruptionMs(input)).toBeLessThanOrEqual(60 * 60_000);
      }),
    );
  });

  it('is not a session when the two met only before the start, whoever came back alone', () => {
    // Both joined 10 minutes early and left a minute later.
    const early = [visit('client', -10, -9), visit('provider', -10, -9)];
    expect(togetherMs(early)).toBe(60_000);
    expect(togetherInSessionMs({ ...session, visits: early })).toBe(0);
    expect(outcomeFromVisits({ ...session, visits: early })).toBe('provider_no_show');
    // The provider came back and waited the session out: the client did not come.
    expect(outcomeFromVisits({ ...session, visits: [...early, visit('provider', 0, 60)] })).toBe('client_no_show');
    // Leaving exactly at the start is not being there.
    expect(cameInTime({ ...session, visits: [visit('client', -10, 0)] }, 'client')).toBe(false);
    expect(cameInTime({ ...session, visits: [visit('client', 60, 70)] }, 'client')).toBe(false);
  });

  it('counts presence before the start only from the start', () => {
    // Together from 10 minutes before until half the hour: 30 minutes count, exactly the minimum.
    const half = [visit('client', -10, 30), visit('provider', -10, 30)];
    expect(togetherInSessionMs({ ...session, visits: half })).toBe(30 * 60_000);
    expect(sessionTookPlace({ ...session, visits: half })).toBe(true);
    expect(outcomeFromVisits({ ...session, visits: half })).toBe('completed');
    // A millisecond less is not enough.
    const short = [
      visit('client', -10, 30),
      { ...visit('provider', -10, 30), endedAt: new Date(at(30).getTime() - 1) },
    ];
    expect(sessionTookPlace({ ...session, visits: short })).toBe(false);
    expect(outcomeFromVisits({ ...session, visits: short })).toBe('interrupted');
  });

  it('counts only the overlap inside the booked time (partial overlap, grace period)', () => {
    // The provider 0-40, the client 20-60: 20 minutes together, a third.
    expect(outcomeFromVisits({ ...session, visits: [visit('provider', 0, 40), visit('client', 20, 60)] })).toBe(
      'interrupted',
    );
    // Together from 40 to 75 (15 minutes of it in the grace period): 20 minutes count.
    const late = [visit('provider', 40, 75), visit('client', 40, 75)];
    expect(togetherInSessionMs({ ...session, visits: late })).toBe(20 * 60_000);
    expect(outcomeFromVisits({ ...session, visits: late })).toBe('interrupted');
  });

  it('adds up reconnects: several short stays together make the session', () => {
    const visits = [
      visit('provider', -5, 60),
      visit('client', 0, 12, true),
      visit('client', 14, 30, true),
      visit('client', 33, 45),
    ];
    expect(togetherInSessionMs({ ...session, visits })).toBe(40 * 60_000);
    expect(outcomeFromVisits({ ...session, visits })).toBe('completed');
    // The same stays counted twice (a reconnect overlapping the old connection) add nothing.
    expect(togetherInSessionMs({ ...session, visits: [...visits, visit('client', 0, 10)] })).toBe(40 * 60_000);
  });

  it('only one party in the room is never a session', () => {
    expect(sessionTookPlace({ ...session, visits: [visit('provider', -10, 75)] })).toBe(false);
    expect(sessionTookPlace({ ...session, visits: [visit('client', -10, 75)] })).toBe(false);
    expect(outcomeFromVisits({ ...session, visits: [visit('client', -10, 75)] })).toBe('provider_no_show');
  });
});

describe('after the session', () => {
  it('lets the provider mark a client no-show within 24 hours, only if they never met', () => {
    const base = { outcome: 'completed' as const, endsAt: END, togetherMs: 0, rebooked: false };
    expect(canMarkClientNoShow({ ...base, now: new Date(END.getTime() + 24 * 3600_000) })).toBe(true);
    expect(canMarkClientNoShow({ ...base, now: new Date(END.getTime() + 24 * 3600_000 + 1) })).toBe(false);
    expect(canMarkClientNoShow({ ...base, now: END, togetherMs: 1000 })).toBe(false);
    expect(canMarkClientNoShow({ ...base, now: END, rebooked: true })).toBe(false);
    expect(canMarkClientNoShow({ ...base, now: END, outcome: 'interrupted' })).toBe(true);
    expect(canMarkClientNoShow({ ...base, now: END, outcome: 'provider_no_show' })).toBe(false);
    expect(canMarkClientNoShow({ ...base, now: END, outcome: 'client_no_show' })).toBe(false);
    expect(canMarkClientNoShow({ ...base, now: END, outcome: null })).toBe(false);
  });

  it('offers a replacement: half the fee after a no-show, free after an interruption, for 48 hours', () => {
    const base = { endsAt: END, priceMinor: 1_500_001, rebooked: false };
    const until = new Date(END.getTime() + 48 * 3600_000);
    expect(rebookOffer({ ...base, outcome: 'client_no_show', now: END })).toEqual({
      offered: true,
      priceMinor: 750_001,
      until,
    });
    expect(rebookOffer({ ...base, outcome: 'interrupted', now: until })).toEqual({
      offered: true,
      priceMinor: 0,
      until,
    });
    expect(rebookOffer({ ...base, outcome: 'interrupted', now: new Date(until.getTime() + 1) })).toEqual({
      offered: false,
    });
    expect(rebookOffer({ ...base, outcome: 'completed', now: END })).toEqual({ offered: false });
    expect(rebookOffer({ ...base, outcome: 'provider_no_show', now: END })).toEqual({ offered: false });
    expect(rebookOffer({ ...base, outcome: 'client_no_show', now: END, rebooked: true })).toEqual({ offered: false });
  });

  it('lets the client report a session that did not take place within 48 hours of its end, once', () => {
    const until = new Date(END.getTime() + 48 * 3600_000);
    expect(DISPUTE_WINDOW_MS).toBe(48 * 3600_000);
    expect(disputeWindowEndsAt(END)).toEqual(until);
    const base = { outcome: 'completed' as const, endsAt: END, reported: false };
    expect(canReportNoSession({ ...base, now: END })).toBe(true);
    expect(canReportNoSession({ ...base, now: until })).toBe(true);
    expect(canReportNoSession({ ...base, now: new Date(until.getTime() + 1) })).toBe(false);
    expect(canReportNoSession({ ...base, now: END, reported: true })).toBe(false);
    expect(canReportNoSession({ ...base, now: END, outcome: 'interrupted' })).toBe(true);
    expect(canReportNoSession({ ...base, now: END, outcome: 'client_no_show' })).toBe(true);
    expect(canReportNoSession({ ...base, now: END, outcome: 'provider_no_show' })).toBe(false);
    expect(canReportNoSession({ ...base, now: END, outcome: null })).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: -100 * 3600_000, max: 100 * 3600_000 }), (offset) => {
        const now = new Date(END.getTime() + offset);
        expect(canReportNoSession({ ...base, now })).toBe(now.getTime() <= until.getTime());
      }),
    );
  });

  it('rounds a share half up and never beyond the price', () => {
    expect(shareOf(1, 5_000)).toBe(1);
    expect(shareOf(3, 5_000)).toBe(2);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (price, bps) => {
        const share = shareOf(price, bps);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(price);
        expect(Math.abs(share * 10_000 - price * bps)).toBeLessThanOrEqual(5_000);
      }),
    );
  });
});
