import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from './rate-limits.ts';

/**
 * docs/api.md names limits and never quotes their numbers; its "Rate limits" table is rendered
 * from DEFAULT_RATE_LIMITS, so the one table in code stays the one place a number is stated.
 */

const API_DOC = new URL('../../../../docs/api.md', import.meta.url);
const START = '<!-- rate-limits:start -->';
const END = '<!-- rate-limits:end -->';

function windowText(seconds: number): string {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? '24 hours' : `${seconds / 86_400} days`;
  if (seconds % 3_600 === 0) return seconds === 3_600 ? '1 hour' : `${seconds / 3_600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

function rateLimitTable(): string {
  const rows = Object.entries(DEFAULT_RATE_LIMITS).map(
    ([name, rule]) => `| \`${name}\` | ${rule.max} | ${windowText(rule.windowSeconds)} |`,
  );
  return ['| limit | max | per |', '| --- | --- | --- |', ...rows].join('\n');
}

describe('docs/api.md rate limits', () => {
  it('lists DEFAULT_RATE_LIMITS as they are', () => {
    const doc = readFileSync(API_DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, 'the markers of the generated table').toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const expected = `${START}\n${rateLimitTable()}\n${END}`;
    const current = doc.slice(start, end + END.length);
    if (current !== expected && process.env.UPDATE_DOCS === '1') {
      writeFileSync(API_DOC, doc.slice(0, start) + expected + doc.slice(end + END.length));
      return;
    }
    expect(current).toBe(expected);
  });

  it('quotes no limit as a number elsewhere', () => {
    const doc = readFileSync(API_DOC, 'utf8');
    const prose = doc.slice(0, doc.indexOf(START)) + doc.slice(doc.indexOf(END));
    expect(prose).not.toMatch(/\d+\s+(uploads\s+)?(per|a)\s+(user|ip|address|provider|sender|visitor|minute|hour)\b/i);
    expect(prose).not.toMatch(/\d+\s+a\s+day\b/i);
  });
});
