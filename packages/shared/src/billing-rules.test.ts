import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasSuperbill, isValidNpi, normalizeIcd10 } from './billing-rules.ts';

describe('isValidNpi', () => {
  it('accepts NPIs whose check digit matches (the CMS example and real-shaped ones)', () => {
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1245319599')).toBe(true);
  });

  it('refuses a wrong check digit, other lengths and non-digits', () => {
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678931')).toBe(false);
    expect(isValidNpi('12345678a3')).toBe(false);
  });

  it('accepts exactly one check digit for any nine first digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{9}$/), (first) => {
        const valid = Array.from({ length: 10 }, (_, digit) => `${first}${digit}`).filter(isValidNpi);
        expect(valid).toHaveLength(1);
      }),
    );
  });
});

describe('normalizeIcd10', () => {
  it('writes codes in claim form', () => {
    expect(normalizeIcd10('f411')).toBe('F41.1');
    expect(normalizeIcd10(' F32.A ')).toBe('F32.A');
    expect(normalizeIcd10('F43')).toBe('F43');
    expect(normalizeIcd10('Z63.0')).toBe('Z63.0');
  });

  it('refuses what is no ICD-10 code', () => {
    expect(normalizeIcd10('')).toBeUndefined();
    expect(normalizeIcd10('U07')).toBeUndefined();
    expect(normalizeIcd10('4111')).toBeUndefined();
    expect(normalizeIcd10('F41.12345')).toBeUndefined();
  });
});

describe('hasSuperbill', () => {
  it('is for sessions billed in US dollars', () => {
    expect(hasSuperbill({ currencyCode: 'USD' })).toBe(true);
    expect(hasSuperbill({ currencyCode: 'NGN' })).toBe(false);
  });
});
