import {
  bookingWindow,
  type DayRule,
  findOverlappingRange,
  generateSlots,
  type Interval,
  isoInstant,
  mergeRanges,
  overlappingBusy,
  slotsForDate,
  type TimeRange,
  timeToMinutes,
  toZoned,
  zonedInstant,
} from '@app/shared/slots';
import { describe, expect, it } from 'vitest';
import { decodeSlotId, encodeSlotId } from './slot-id.ts';

const iso = (slots: Interval[]) => slots.map((slot) => new Date(slot.startMs).toISOString().slice(0, 16));
const local = (slots: Interval[], zone: string) => slots.map((slot) => toZoned(slot.startMs, zone).time);
const range = (startTime: string, endTime: string): TimeRange => ({ startTime, endTime });

describe('slot generation for one provider-local date', () => {
  const cases: Array<{
    name: string;
    zone: string;
    date: string;
    ranges: TimeRange[];
    minutes: number;
    utcStarts: string[];
    localStarts?: string[];
  }> = [
    {
      name: 'Lagos 09:00-18:00 with 60-minute sessions gives 9 slots',
      zone: 'Africa/Lagos',
      date: '2027-03-02',
      ranges: [range('09:00', '18:00')],
      minutes: 60,
      utcStarts: [8, 9, 10, 11, 12, 13, 14, 15, 16].map((h) => `2027-03-02T${String(h).padStart(2, '0')}:00`),
    },
    {
      name: '90-minute sessions start on every hour while the whole session fits',
      zone: 'Africa/Lagos',
      date: '2027-03-02',
      ranges: [range('09:00', '18:00')],
      minutes: 90,
      utcStarts: [],
      localStarts: ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'],
    },
    {
      name: '120-minute sessions: the last one ends exactly at the range end',
      zone: 'Africa/Lagos',
      date: '2027-03-02',
      ranges: [range('09:00', '12:00')],
      minutes: 120,
      utcStarts: [],
      localStarts: ['09:00', '10:00'],
    },
    {
      name: '30-minute sessions still start on the hour only',
      zone: 'Africa/Lagos',
      date: '2027-03-02',
      ranges: [range('09:00', '11:00')],
      minutes: 30,
      utcStarts: [],
      localStarts: ['09:00', '10:00'],
    },
    {
      name: 'a range not on the hour starts at the next full hour',
      zone: 'Africa/Lagos',
      date: '2027-03-02',
      ranges: [range('09:30', '12:00')],
      minutes: 60,
      utcStarts: [],
      localStarts: ['10:00', '11:00'],
    },
    {
      name: 'touching ranges are joined, so a 90-minute session may span both',
      zone: 'Africa/Lagos',
      date: '2027-03-02',
      ranges: [range('12:00', '15:00'), range('09:00', '12:00')],
      minutes: 90,
      utcStarts: [],
      localStarts: ['09:00', '10:00', '11:00', '12:00', '13:00'],
    },
    {
      name: 'a range ending at 24:00 offers the 23:00 slot',
      zone: 'Africa/Lagos',
      date: '2027-03-02',
      ranges: [range('22:00', '24:00')],
      minutes: 60,
      utcStarts: ['2027-03-02T21:00', '2027-03-02T22:00'],
    },
    {
      name: 'Europe/Berlin spring forward: 02:00 does not exist and is skipped',
      zone: 'Europe/Berlin',
      date: '2027-03-28',
      ranges: [range('00:00', '06:00')],
      minutes: 60,
      utcStarts: ['2027-03-27T23:00', '2027-03-28T00:00', '2027-03-28T01:00', '2027-03-28T02:00', '2027-03-28T03:00'],
      localStarts: ['00:00', '01:00', '03:00', '04:00', '05:00'],
    },
    {
      name: 'Europe/Berlin fall back: the repeated 02:00 yields two distinct instants',
      zone: 'Europe/Berlin',
      date: '2027-10-31',
      ranges: [range('00:00', '06:00')],
      minutes: 60,
      utcStarts: [
        '2027-10-30T22:00',
        '2027-10-30T23:00',
        '2027-10-31T00:00',
        '2027-10-31T01:00',
        '2027-10-31T02:00',
        '2027-10-31T03:00',
        '2027-10-31T04:00',
      ],
      localStarts: ['00:00', '01:00', '02:00', '02:00', '03:00', '04:00', '05:00'],
    },
    {
      name: 'Europe/Berlin fall back: a range starting in the repeated hour starts at its first occurrence',
      zone: 'Europe/Berlin',
      date: '2027-10-31',
      ranges: [range('02:00', '04:00')],
      minutes: 60,
      utcStarts: ['2027-10-31T00:00', '2027-10-31T01:00', '2027-10-31T02:00'],
    },
    {
      name: 'Europe/London spring forward: 01:00 does not exist and is skipped',
      zone: 'Europe/London',
      date: '2027-03-28',
      ranges: [range('00:00', '04:00')],
      minutes: 60,
      utcStarts: ['2027-03-28T00:00', '2027-03-28T01:00', '2027-03-28T02:00'],
      localStarts: ['00:00', '02:00', '03:00'],
    },
    {
      name: 'Europe/London fall back: the repeated 01:00 yields two slots',
      zone: 'Europe/London',
      date: '2027-10-31',
      ranges: [range('00:00', '04:00')],
      minutes: 60,
      utcStarts: ['2027-10-30T23:00', '2027-10-31T00:00', '2027-10-31T01:00', '2027-10-31T02:00', '2027-10-31T03:00'],
      localStarts: ['00:00', '01:00', '01:00', '02:00', '03:00'],
    },
    {
      name: 'Europe/London on a DST day during working hours is just shifted by the new offset',
      zone: 'Europe/London',
      date: '2027-03-28',
      ranges: [range('09:00', '12:00')],
      minutes: 60,
      utcStarts: ['2027-03-28T08:00', '2027-03-28T09:00', '2027-03-28T10:00'],
    },
    {
      name: 'a 90-minute session across the spring-forward gap lasts 90 real minutes and must fit',
      zone: 'Europe/Berlin',
      date: '2027-03-28',
      ranges: [range('01:00', '04:00')],
      minutes: 90,
      // 01:00 CET → 03:30 CEST fits before 04:00 CEST; 03:00 CEST → 04:30 does not.
      utcStarts: ['2027-03-28T00:00'],
    },
  ];

  it.each(cases)('$name', ({ zone, date, ranges, minutes, utcStarts, localStarts }) => {
    const slots = slotsForDate(date, ranges, zone, minutes);
    if (utcStarts.length > 0) expect(iso(slots)).toEqual(utcStarts);
    if (localStarts) expect(local(slots, zone)).toEqual(localStarts);
    for (const slot of slots) expect(slot.endMs - slot.startMs).toBe(minutes * 60_000);
  });
});

describe('slots of a window with the weekly pattern, specific dates and busy time', () => {
  const weekly = new Map<number, DayRule>([
    [1, { isAvailable: true, intervals: [range('09:00', '12:00')] }],
    [2, { isAvailable: true, intervals: [range('09:00', '12:00')] }],
    [3, { isAvailable: false, intervals: [] }],
  ]);
  const zone = 'Africa/Lagos';
  const window = (from: string, to: string) => ({
    fromMs: Date.parse(`${from}T00:00:00+01:00`),
    toMs: Date.parse(`${to}T00:00:00+01:00`),
  });

  const cases: Array<{
    name: string;
    overrides: Array<[string, DayRule]>;
    from: string;
    to: string;
    expected: string[];
  }> = [
    {
      name: 'follows the weekly pattern (Mon, Tue available; Wed off; Thu no rule)',
      overrides: [],
      from: '2027-03-01',
      to: '2027-03-05',
      expected: [
        '2027-03-01T08:00',
        '2027-03-01T09:00',
        '2027-03-01T10:00',
        '2027-03-02T08:00',
        '2027-03-02T09:00',
        '2027-03-02T10:00',
      ],
    },
    {
      name: 'a specific unavailable date removes a weekly day',
      overrides: [['2027-03-02', { isAvailable: false, intervals: [] }]],
      from: '2027-03-01',
      to: '2027-03-05',
      expected: ['2027-03-01T08:00', '2027-03-01T09:00', '2027-03-01T10:00'],
    },
    {
      name: 'a specific date replaces the weekly ranges and can open a day off',
      overrides: [
        ['2027-03-01', { isAvailable: true, intervals: [range('14:00', '16:00')] }],
        ['2027-03-03', { isAvailable: true, intervals: [range('18:00', '19:00')] }],
      ],
      from: '2027-03-01',
      to: '2027-03-04',
      expected: [
        '2027-03-01T13:00',
        '2027-03-01T14:00',
        '2027-03-02T08:00',
        '2027-03-02T09:00',
        '2027-03-02T10:00',
        '2027-03-03T17:00',
      ],
    },
  ];

  it.each(cases)('$name', ({ overrides, from, to, expected }) => {
    const slots = generateSlots({
      zone,
      sessionMinutes: 60,
      weekly,
      overrides: new Map(overrides),
      ...window(from, to),
    });
    expect(iso(slots)).toEqual(expected);
  });

  it('cuts slots to the window: only slots starting inside it count', () => {
    const slots = generateSlots({
      zone,
      sessionMinutes: 60,
      weekly,
      overrides: new Map(),
      fromMs: Date.parse('2027-03-01T09:30:00Z'),
      toMs: Date.parse('2027-03-01T10:00:01Z'),
    });
    expect(iso(slots)).toEqual(['2027-03-01T10:00']);
  });

  it('finds the busy interval each slot overlaps (half-open: touching is free)', () => {
    const slots = slotsForDate('2027-03-01', [range('09:00', '13:00')], zone, 60);
    const busy = [
      { startMs: Date.parse('2027-03-01T08:30:00Z'), endMs: Date.parse('2027-03-01T09:00:00Z') },
      { startMs: Date.parse('2027-03-01T10:00:00Z'), endMs: Date.parse('2027-03-01T11:30:00Z') },
    ];
    expect(overlappingBusy(slots, busy)).toEqual([0, -1, 1, 1]);
  });

  it('finds overlaps when busy intervals overlap each other (a long one first)', () => {
    const at = (time: string) => Date.parse(`2027-03-01T${time}:00Z`);
    const slots = ['08:00', '09:00', '10:00', '12:00'].map((time) => ({
      startMs: at(time),
      endMs: at(time) + 3_600_000,
    }));
    const busy = [
      { startMs: at('07:00'), endMs: at('11:30') },
      { startMs: at('08:15'), endMs: at('08:30') },
      { startMs: at('12:30'), endMs: at('12:45') },
    ];
    expect(overlappingBusy(slots, busy)).toEqual([0, 0, 0, 2]);
    expect(overlappingBusy(slots, [])).toEqual([-1, -1, -1, -1]);
  });
});

describe('time-zone helpers', () => {
  it('reads a missing wall time forward and a repeated one as asked', () => {
    expect(new Date(zonedInstant('2027-03-28', 150, 'Europe/Berlin', 'earlier')).toISOString()).toBe(
      '2027-03-28T01:30:00.000Z',
    );
    expect(new Date(zonedInstant('2027-10-31', 150, 'Europe/Berlin', 'earlier')).toISOString()).toBe(
      '2027-10-31T00:30:00.000Z',
    );
    expect(new Date(zonedInstant('2027-10-31', 150, 'Europe/Berlin', 'later')).toISOString()).toBe(
      '2027-10-31T01:30:00.000Z',
    );
    expect(new Date(zonedInstant('2027-03-01', 1440, 'Africa/Lagos', 'later')).toISOString()).toBe(
      '2027-03-01T23:00:00.000Z',
    );
  });

  it('formats instants as ISO UTC, also before 1970 and off the minute', () => {
    for (const iso of [
      '2027-03-02T08:00:00.000Z',
      '2027-12-31T23:59:00.000Z',
      '1969-12-31T23:00:00.000Z',
      '2027-03-02T08:00:30.250Z',
    ]) {
      expect(isoInstant(Date.parse(iso))).toBe(iso);
    }
  });

  it('shows a Lagos slot to a New York client in New York time, across the US DST switch', () => {
    const before = slotsForDate('2027-03-12', [range('09:00', '10:00')], 'Africa/Lagos', 60);
    const after = slotsForDate('2027-03-15', [range('09:00', '10:00')], 'Africa/Lagos', 60);
    expect(before.map((slot) => toZoned(slot.startMs, 'America/New_York'))).toEqual([
      { date: '2027-03-12', time: '03:00' },
    ]);
    expect(after.map((slot) => toZoned(slot.startMs, 'America/New_York'))).toEqual([
      { date: '2027-03-15', time: '04:00' },
    ]);
  });

  it('opens the booking window from today to the end of the month two months ahead, in the given zone', () => {
    const now = Date.parse('2027-03-31T23:30:00Z');
    expect(bookingWindow(now, 'Africa/Lagos')).toMatchObject({ from: '2027-04-01', to: '2027-06-30' });
    expect(bookingWindow(now, 'America/New_York')).toMatchObject({ from: '2027-03-31', to: '2027-05-31' });
    const window = bookingWindow(now, 'Africa/Lagos');
    expect(new Date(window.startMs).toISOString()).toBe('2027-03-31T23:00:00.000Z');
    expect(new Date(window.endMs).toISOString()).toBe('2027-06-30T23:00:00.000Z');
  });

  it.each([
    ['09:00', 540],
    ['00:00', 0],
    ['24:00', 1440],
    ['23:59', 1439],
    ['24:30', null],
    ['9:00', null],
    ['25:00', null],
    ['12:60', null],
  ])('reads %s as %s minutes', (value, minutes) => {
    expect(timeToMinutes(value)).toBe(minutes);
  });

  it('finds overlapping ranges but accepts touching ones, and joins them when merging', () => {
    expect(findOverlappingRange([range('09:00', '12:00'), range('12:00', '13:00')])).toBe(-1);
    expect(findOverlappingRange([range('09:00', '12:00'), range('11:00', '13:00')])).toBe(1);
    expect(findOverlappingRange([range('11:00', '13:00'), range('09:00', '18:00')])).toBe(1);
    expect(mergeRanges([range('12:00', '13:00'), range('09:00', '12:00')])).toEqual([{ start: 540, end: 780 }]);
  });
});

describe('slot identifiers', () => {
  const secret = 'test-secret-that-is-long-enough-for-hs256-signing';
  const slot = {
    providerId: '3f2c1a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60',
    categoryId: null,
    startMs: Date.parse('2027-03-02T08:00:00Z'),
    durationMinutes: 60,
    revision: 3,
  };

  it('are stable and decode back to the same slot', () => {
    const id = encodeSlotId(secret, slot);
    expect(encodeSlotId(secret, slot)).toBe(id);
    expect(id).toMatch(/^[A-Za-z0-9_-]{74}$/);
    expect(decodeSlotId(secret, id)).toEqual(slot);
    const withCategory = { ...slot, categoryId: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', durationMinutes: 90 };
    expect(decodeSlotId(secret, encodeSlotId(secret, withCategory))).toEqual(withCategory);
  });

  it('reject a tampered identifier, another secret and garbage', () => {
    const id = encodeSlotId(secret, slot);
    const bytes = Buffer.from(id, 'base64url');
    bytes[36] = (bytes[36] ?? 0) ^ 1; // shift the start time
    expect(decodeSlotId(secret, bytes.toString('base64url'))).toBeNull();
    expect(decodeSlotId('another-secret-that-is-long-enough-too', id)).toBeNull();
    expect(decodeSlotId(secret, 'not-a-slot')).toBeNull();
    expect(decodeSlotId(secret, `${id.slice(0, -1)}!`)).toBeNull();
  });
});
