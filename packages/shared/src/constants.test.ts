import { describe, expect, it } from 'vitest';
import { intlLocale, languageOf } from './constants';

describe('languageOf', () => {
  it('keeps a language it knows and reads anything else as English', () => {
    expect(languageOf('de')).toBe('de');
    expect(languageOf('en')).toBe('en');
    for (const other of ['DE', 'fr', '', null, undefined, 7, { lang: 'de' }]) expect(languageOf(other)).toBe('en');
  });

  it('gives the Intl locale of that language', () => {
    expect(intlLocale('de')).toBe('de-DE');
    expect(intlLocale('yo')).toBe('en-GB');
  });
});
