import { describe, expect, it } from 'vitest';
import {
  HOLD_MINUTES,
  NO_REFUND_WINDOW_HOURS,
  PARTICIPANT_HOLD_HOURS,
  RESCHEDULE_APPROVAL_WINDOW_HOURS,
} from '../schemas/bookings.ts';
import {
  DISPUTE_WINDOW_HOURS,
  INTERRUPTION_MINUTES,
  NO_SHOW_MARK_WINDOW_HOURS,
  REBOOK_WINDOW_HOURS,
  ROOM_GRACE_MINUTES,
  ROOM_OPENS_BEFORE_MINUTES,
} from '../session-rules.ts';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogs', () => {
  const enKeys = flatten(en as Tree);
  const deKeys = flatten(de as Tree);

  it('have exactly the same keys in en and de', () => {
    const missingInDe = [...enKeys.keys()].filter((key) => !deKeys.has(key));
    const missingInEn = [...deKeys.keys()].filter((key) => !enKeys.has(key));
    expect({ missingInDe, missingInEn }).toEqual({ missingInDe: [], missingInEn: [] });
  });

  it('use the same placeholders in both languages', () => {
    const mismatched = [...enKeys].filter(([key, text]) => {
      const other = deKeys.get(key);
      return other !== undefined && placeholders(text).join() !== placeholders(other).join();
    });
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('have no empty strings', () => {
    const empty = [...enKeys, ...deKeys].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  // A rule's number comes from its constant through a placeholder ({{hours}}, {{minutes}}): typed
  // into the words, it would stay behind when the rule changes.
  it('never type a booking or session rule number next to an hour or minute word', () => {
    const hours = [
      NO_REFUND_WINDOW_HOURS,
      RESCHEDULE_APPROVAL_WINDOW_HOURS,
      PARTICIPANT_HOLD_HOURS,
      NO_SHOW_MARK_WINDOW_HOURS,
      REBOOK_WINDOW_HOURS,
      DISPUTE_WINDOW_HOURS,
    ];
    const minutes = [HOLD_MINUTES, ROOM_OPENS_BEFORE_MINUTES, ROOM_GRACE_MINUTES, INTERRUPTION_MINUTES];
    const typed = (numbers: number[], words: string) =>
      new RegExp(`(?<![\\d.,])(${[...new Set(numbers)].join('|')})(\\s|-|\u00a0)*(${words})`, 'i');
    const hourWords = typed(hours, 'hours?\\b|h\\b|stunden?|std\\b|stündig');
    const minuteWords = typed(minutes, 'minutes?\\b|min\\b|minuten?');
    const offending = [...enKeys, ...deKeys]
      .filter(([, text]) => hourWords.test(text) || minuteWords.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(offending).toEqual([]);
  });
});
