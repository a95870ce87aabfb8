import { describe, expect, it } from 'vitest';
import { bookingPath, chosenTimeOf } from './booking-path';

const NOW = Date.parse('2027-03-10T12:00:00Z');

describe('booking links from a chosen time', () => {
  it('carries the therapist and the chosen instant, in the reader language', () => {
    expect(bookingPath('en', 'p1')).toBe('/booking/?provider=p1');
    expect(bookingPath('de', 'p1', '2027-03-12T09:00:00.000Z')).toBe(
      '/de/booking/?provider=p1&at=2027-03-12T09%3A00%3A00.000Z',
    );
  });

  it('takes only an instant still ahead as the chosen time', () => {
    expect(chosenTimeOf('2027-03-12T09:00:00.000Z', NOW)).toBe('2027-03-12T09:00:00.000Z');
    expect(chosenTimeOf('2027-03-09T09:00:00.000Z', NOW)).toBeNull();
    expect(chosenTimeOf('tomorrow', NOW)).toBeNull();
    expect(chosenTimeOf(null, NOW)).toBeNull();
  });
});
