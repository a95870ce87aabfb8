import { describe, expect, it } from 'vitest';
import { timeOf, timeRangeOf } from './format';
import {
  END_TIMES,
  endOptions,
  formatClock,
  formatTime12,
  nextRange,
  START_TIMES,
  startOptions,
  withStart,
} from './time';

const enabled = (options: { value: string; disabled: boolean }[]) =>
  options.filter((option) => !option.disabled).map((option) => option.value);

describe('time dropdown options', () => {
  it('has 24 hourly options in 12-hour display', () => {
    expect(START_TIMES).toHaveLength(24);
    expect(END_TIMES).toHaveLength(24);
    expect(START_TIMES[0]).toBe('00:00');
    expect(END_TIMES.at(-1)).toBe('24:00');
    expect(startOptions([{ startTime: '09:00', endTime: '18:00' }], 0).map((o) => o.label)).toEqual([
      '12:00 AM',
      '1:00 AM',
      '2:00 AM',
      '3:00 AM',
      '4:00 AM',
      '5:00 AM',
      '6:00 AM',
      '7:00 AM',
      '8:00 AM',
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
      '3:00 PM',
      '4:00 PM',
      '5:00 PM',
      '6:00 PM',
      '7:00 PM',
      '8:00 PM',
      '9:00 PM',
      '10:00 PM',
      '11:00 PM',
    ]);
  });

  it('formats times as 12-hour clock', () => {
    expect(formatTime12('00:00')).toBe('12:00 AM');
    expect(formatTime12('09:00')).toBe('9:00 AM');
    expect(formatTime12('12:00')).toBe('12:00 PM');
    expect(formatTime12('18:30')).toBe('6:30 PM');
    expect(formatTime12('24:00')).toBe('12:00 AM');
  });

  it('disables an end at or before the range start', () => {
    const options = endOptions([{ startTime: '09:00', endTime: '18:00' }], 0);
    expect(enabled(options)[0]).toBe('10:00');
    expect(options.find((o) => o.value === '09:00')?.disabled).toBe(true);
    expect(options.find((o) => o.value === '24:00')?.disabled).toBe(false);
  });

  it('makes an end at or before the previous range end impossible, and starts inside it disabled', () => {
    const ranges = [
      { startTime: '09:00', endTime: '12:00' },
      { startTime: '13:00', endTime: '15:00' },
    ];
    const starts = startOptions(ranges, 1);
    expect(starts.find((o) => o.value === '11:00')?.disabled).toBe(true);
    expect(starts.find((o) => o.value === '12:00')?.disabled).toBe(false);
    const ends = endOptions(ranges, 1);
    expect(ends.find((o) => o.value === '12:00')?.disabled).toBe(true);
    expect(ends.find((o) => o.value === '13:00')?.disabled).toBe(true);
    expect(ends.find((o) => o.value === '14:00')?.disabled).toBe(false);
  });

  it('disables options that would overlap another range', () => {
    const ranges = [
      { startTime: '09:00', endTime: '11:00' },
      { startTime: '14:00', endTime: '16:00' },
    ];
    // The first range cannot stretch into the second one (touching at 14:00 is fine).
    const ends = endOptions(ranges, 0);
    expect(enabled(ends)).toEqual(['10:00', '11:00', '12:00', '13:00', '14:00']);
    // Nor can it start inside the second one.
    expect(startOptions(ranges, 0).find((o) => o.value === '15:00')?.disabled).toBe(true);
  });

  it('moves the end after a new start', () => {
    expect(withStart([{ startTime: '09:00', endTime: '10:00' }], 0, '12:00')).toEqual([
      { startTime: '12:00', endTime: '13:00' },
    ]);
    expect(withStart([{ startTime: '09:00', endTime: '18:00' }], 0, '10:00')).toEqual([
      { startTime: '10:00', endTime: '18:00' },
    ]);
  });

  it('adds a range after the latest one, the default 09:00-18:00 to an empty day, none to a full day', () => {
    expect(nextRange([])).toEqual({ startTime: '09:00', endTime: '18:00' });
    expect(nextRange([{ startTime: '09:00', endTime: '18:00' }])).toEqual({ startTime: '18:00', endTime: '19:00' });
    expect(nextRange([{ startTime: '20:00', endTime: '24:00' }])).toBeNull();
  });
});

describe('times of day in the reader’s language', () => {
  it('writes 12-hour times in English and 24-hour times in German', () => {
    expect(formatClock('09:00', 'en')).toBe('9:00 AM');
    expect(formatClock('09:00', 'de')).toBe('09:00');
    expect(formatClock('17:30', 'en')).toBe('5:30 PM');
    expect(formatClock('17:30', 'de')).toBe('17:30');
  });

  it('reads an instant on the wall clock of the zone, then writes it for the reader', () => {
    // 13:00 UTC is 14:00 in Lagos (UTC+1) and 08:00 in New York (EST).
    expect(timeOf('2027-03-01T13:00:00Z', 'Africa/Lagos', 'en')).toBe('2:00 PM');
    expect(timeOf('2027-03-01T13:00:00Z', 'Africa/Lagos', 'de')).toBe('14:00');
    expect(timeRangeOf('2027-03-01T13:00:00Z', '2027-03-01T14:00:00Z', 'America/New_York', 'de')).toBe('08:00 – 09:00');
    expect(timeRangeOf('2027-03-01T13:00:00Z', '2027-03-01T14:00:00Z', 'America/New_York', 'en')).toBe(
      '8:00 AM – 9:00 AM',
    );
  });
});
