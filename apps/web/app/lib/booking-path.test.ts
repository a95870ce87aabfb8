import { describe, expect, it } from 'vitest';
import { chosenTimeOf } from './booking-path';

const NOW = Date.parse('2027-03-10T12:00:00Z');

describe('the chosen time of a booking link', () => {
  it('takes only an instant still ahead as the chosen time', () => {
    expect(chosenTimeOf('2027-03-12T09:00:00.000Z', NOW)).toBe('2027-03-12T09:00:00.000Z');
    expect(chosenTimeOf('2027-03-09T09:00:00.000Z', NOW)).toBeNull();
    expect(chosenTimeOf('tomorrow', NOW)).toBeNull();
    expect(chosenTimeOf(null, NOW)).toBeNull();
  });
});
