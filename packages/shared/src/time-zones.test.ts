import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidTimeZone } from './time-zones.ts';

describe('isValidTimeZone', () => {
  it('accepts IANA names the runtime knows, in any case (both former checks did)', () => {
    for (const zone of [
      'Europe/Berlin',
      'Africa/Lagos',
      'UTC',
      'utc',
      'GMT',
      'Etc/GMT+1',
      'EST5EDT',
      'europe/berlin',
    ]) {
      expect(isValidTimeZone(zone), zone).toBe(true);
    }
  });

  it('refuses unknown names, empty text, offsets and over-long text (the slot engine refused these)', () => {
    for (const zone of [
      '',
      'Mars/Olympus',
      'Europe/Nowhere',
      '+01:00',
      '-05:00',
      '1Europe/Berlin',
      `Europe/${'x'.repeat(60)}`,
    ]) {
      expect(isValidTimeZone(zone), zone).toBe(false);
    }
  });

  it('answers the same the second time (the memo changes nothing)', () => {
    fc.assert(
      fc.property(fc.constantFrom('Europe/Berlin', 'Mars/Olympus', 'UTC', '+01:00', 'america/new_york'), (zone) => {
        expect(isValidTimeZone(zone)).toBe(isValidTimeZone(zone));
      }),
    );
  });
});
