import { describe, expect, it } from 'vitest';
import type { Tx } from '../db/client.ts';
import { createDomainEvents, NO_DOMAIN_EVENTS } from './events.ts';

const tx = {} as Tx;
const event = { userId: 'u1', now: new Date('2027-03-01T09:00:00Z') };

describe('domain events', () => {
  it('runs the accountDeleting reactions in the order they are wired, in the caller’s transaction', async () => {
    const seen: string[] = [];
    const events = createDomainEvents({
      paymentSucceeded: {},
      accountDeleting: [
        async (given, { userId }) => {
          expect(given).toBe(tx);
          seen.push(`profiles:${userId}`);
        },
        async (_tx, { userId }) => {
          seen.push(`bookings:${userId}`);
        },
      ],
    });
    await events.accountDeleting(tx, event);
    expect(seen).toEqual(['profiles:u1', 'bookings:u1']);
  });

  it('stops at the first reaction that throws (the caller’s transaction rolls back)', async () => {
    const seen: string[] = [];
    const events = createDomainEvents({
      paymentSucceeded: {},
      accountDeleting: [
        async () => {
          throw new Error('refused');
        },
        async () => {
          seen.push('never');
        },
      ],
    });
    await expect(events.accountDeleting(tx, event)).rejects.toThrow('refused');
    expect(seen).toEqual([]);
  });

  it('names the one reaction to a payment purpose, or none', () => {
    const booking = async () => {};
    expect(
      createDomainEvents({ paymentSucceeded: { booking }, accountDeleting: [] }).paymentSucceededHandler('booking'),
    ).toBe(booking);
    expect(NO_DOMAIN_EVENTS.paymentSucceededHandler('booking')).toBeUndefined();
  });

  it('hands committed booking events to the one delivery, and none when there are none', async () => {
    const delivered: string[][] = [];
    const events = createDomainEvents({
      paymentSucceeded: {},
      accountDeleting: [],
      bookingEventsCommitted: async ({ eventIds }) => {
        delivered.push(eventIds);
      },
    });
    await events.bookingEventsCommitted({ eventIds: [] });
    await events.bookingEventsCommitted({ eventIds: ['e1', 'e2'] });
    expect(delivered).toEqual([['e1', 'e2']]);
    // Without a delivery the events wait for the outbox's job.
    await expect(NO_DOMAIN_EVENTS.bookingEventsCommitted({ eventIds: ['e3'] })).resolves.toBeUndefined();
  });
});
