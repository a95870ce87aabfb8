import { describe, expect, it } from 'vitest';
import { consentGrants, parseConsent, serializeConsent } from './shell.ts';

describe('cookie consent (SPEC.md §4)', () => {
  it('true grants analytics, ads and personalization; custom applies each category; anything else denies', () => {
    expect(consentGrants(parseConsent('true'))).toEqual({ analytics: true, ads: true, personalization: true });
    expect(consentGrants(parseConsent('{"analytics":true,"ads":false}'))).toEqual({
      analytics: true,
      ads: false,
      personalization: false,
    });
    for (const denied of ['false', 'yes', '{broken', '1']) {
      expect(consentGrants(parseConsent(denied)), denied).toEqual({
        analytics: false,
        ads: false,
        personalization: false,
      });
    }
    // No choice yet: nothing granted either (the banner asks).
    expect(parseConsent(undefined)).toEqual({ kind: 'unset' });
    expect(consentGrants(parseConsent(''))).toEqual({ analytics: false, ads: false, personalization: false });
  });

  it('round-trips through the cookie value', () => {
    for (const choice of [
      { kind: 'all' },
      { kind: 'none' },
      { kind: 'custom', analytics: false, ads: true, personalization: true },
    ] as const) {
      expect(parseConsent(serializeConsent(choice))).toEqual(choice);
    }
  });
});
