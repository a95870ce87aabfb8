import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './db-errors.ts';
import { escapeHtml } from './html.ts';

describe('isUniqueViolation', () => {
  it('finds 23505 on the error or down its cause chain', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: { code: '23505', constraint: 'x' } }))).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });

  it('with a constraint, only that constraint counts', () => {
    const error = new Error('wrapped', { cause: { code: '23505', constraint: 'users_name_unique' } });
    expect(isUniqueViolation(error, 'users_name_unique')).toBe(true);
    expect(isUniqueViolation(error, 'users_email_unique')).toBe(false);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;',
    );
    expect(escapeHtml('plain')).toBe('plain');
  });
});
