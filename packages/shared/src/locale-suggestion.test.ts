import { describe, expect, it } from 'vitest';
import { suggestLocale } from './locale-suggestion.ts';

describe('suggestLocale', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', null, { countryCode: 'DE', language: 'de' }],
    ['de', null, { countryCode: 'DE', language: 'de' }],
    ['de-AT,de;q=0.9', 'DE', { countryCode: 'DE', language: 'de' }],
    ['en-GB,en;q=0.9', null, { countryCode: 'GB', language: 'en' }],
    ['en-US,en;q=0.9', null, null],
    ['en-US', 'US', { countryCode: 'US', language: 'en' }],
    ['en-US,de-DE;q=0.5', null, { countryCode: 'DE', language: 'en' }],
    ['en-NG,en;q=0.9,yo;q=0.8', null, { countryCode: 'NG', language: 'en' }],
    ['fr-FR,fr;q=0.9,de;q=0.8', 'DE', { countryCode: 'DE', language: 'de' }],
    ['en;q=0.5,de-DE;q=0.9', null, { countryCode: 'DE', language: 'de' }],
    ['en', 'gb', { countryCode: 'GB', language: 'en' }],
    ['de-DE', 'FR', null],
    ['fr-FR,fr;q=0.9', null, null],
    ['en', null, null],
    ['', null, null],
    [null, null, null],
  ])('%s with header %s → %j', (acceptLanguage, trustedCountry, expected) => {
    expect(suggestLocale({ acceptLanguage, trustedCountry })).toEqual(expected);
  });
});
