import { describe, expect, it } from 'vitest';
import {
  bankAccountVariant,
  isValidAbaRouting,
  isValidBic,
  isValidIban,
  isValidNuban,
  NIGERIAN_BANKS,
  normalizeIban,
} from './bank-rules.ts';

describe('bankAccountVariant', () => {
  it.each([
    ['NG', 'NG'],
    ['gb', 'GB'],
    ['US', 'US'],
    ['DE', 'IBAN'],
    ['FR', 'IBAN'],
    ['AT', 'IBAN'],
    ['KE', 'general'],
    [null, 'general'],
  ])('%s uses the %s rules', (country, variant) => {
    expect(bankAccountVariant(country)).toBe(variant);
  });
});

describe('isValidNuban', () => {
  it.each([
    // CBN's worked example: First Bank (011), serial 000001457, check digit 9.
    ['011', '0000014579', true],
    ['058', '0123456785', true],
    ['044', '0123456784', true],
    ['057', '2223334447', true],
    ['058', '0123456789', false],
    ['044', '0123456785', false],
    ['011', '0000014578', false],
    ['058', '012345678', false],
    ['058', '01234567855', false],
    ['058', '012345678a', false],
    ['58', '0123456785', false],
  ])('%s / %s is %s', (bank, account, valid) => {
    expect(isValidNuban(bank, account)).toBe(valid);
  });

  it('knows every listed bank by a unique 3-digit code', () => {
    const codes = NIGERIAN_BANKS.map((bank) => bank.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\d{3}$/);
  });
});

describe('isValidAbaRouting', () => {
  it.each([
    ['011000015', true],
    ['021000021', true],
    ['111000025', true],
    ['122105155', true],
    ['021000022', false],
    ['123456789', false],
    ['02100002', false],
    ['0210000210', false],
    ['02100002a', false],
  ])('%s is %s', (routing, valid) => {
    expect(isValidAbaRouting(routing)).toBe(valid);
  });
});

describe('IBAN and BIC', () => {
  it.each([
    ['DE89370400440532013000', true],
    ['DE89 3704 0044 0532 0130 00', true],
    ['de89 3704 0044 0532 0130 00', true],
    ['GB29NWBK60161331926819', true],
    ['FR1420041010050500013M02606', true],
    ['DE89370400440532013001', false],
    ['DE8937040044053201300', false],
    ['XX89370400440532013000', false],
    ['', false],
  ])('IBAN %s is %s', (iban, valid) => {
    expect(isValidIban(iban)).toBe(valid);
  });

  it('keeps an IBAN in its electronic form', () => {
    expect(normalizeIban('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
  });

  it.each([
    ['COBADEFFXXX', true],
    ['COBADEFF', true],
    ['deutdeff', true],
    ['COBADEF', false],
    ['COBA1EFFXXX', false],
    ['COBAXXFFXXX', false],
  ])('BIC %s is %s', (bic, valid) => {
    expect(isValidBic(bic)).toBe(valid);
  });
});
