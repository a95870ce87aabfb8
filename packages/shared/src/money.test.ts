import { describe, expect, it } from 'vitest';
import { AppErrorLike } from './app-error-like.ts';
import { intlLocale } from './constants.ts';
import { currencyForCountry, DEFAULT_CURRENCY, minTopUpMinor } from './currency.ts';
import { balanceIn, formatMoney, groupThousands, parseMajorInput, toMajor, toMinor } from './money.ts';

describe('currency by country', () => {
  it.each([
    ['NG', 'NGN'],
    ['GB', 'GBP'],
    ['us', 'USD'],
    ['DE', 'EUR'],
  ])('%s pays in %s', (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });

  it.each(['KE', '', null, undefined])('refuses %j with CURRENCY_NOT_FOUND', (country) => {
    expect(() => currencyForCountry(country)).toThrow(AppErrorLike);
    try {
      currencyForCountry(country);
    } catch (error) {
      expect((error as AppErrorLike).code).toBe('CURRENCY_NOT_FOUND');
    }
  });

  it('answers the fallback a caller names, for a country without a currency only', () => {
    expect(currencyForCountry('KE', { fallback: DEFAULT_CURRENCY })).toBe('NGN');
    expect(currencyForCountry(null, { fallback: 'GBP' })).toBe('GBP');
    expect(currencyForCountry('de', { fallback: 'GBP' })).toBe('EUR');
  });

  it('sets the minimum top-up at 500 NGN and 5 elsewhere, in minor units', () => {
    expect(minTopUpMinor('NGN')).toBe(50_000);
    expect(minTopUpMinor('GBP')).toBe(500);
    expect(minTopUpMinor('EUR')).toBe(500);
  });
});

describe('money', () => {
  it('sends major amounts times 100 and shows minor divided by 100', () => {
    expect(toMinor(5000)).toBe(500_000);
    expect(toMinor(19.99)).toBe(1999);
    expect(toMajor(500_000)).toBe(5000);
  });

  it('parses digits and commas only', () => {
    expect(parseMajorInput('5,000')).toBe(500_000);
    expect(parseMajorInput(' 12 ')).toBe(1200);
    expect(parseMajorInput('5.00')).toBeNull();
    expect(parseMajorInput('-5')).toBeNull();
    expect(parseMajorInput('')).toBeNull();
  });

  it('groups thousands while typing', () => {
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('12a3')).toBe('123');
  });

  // Intl separates a German amount from its symbol with a no-break space.
  const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

  it.each([
    ['NGN', '₦100,000.00', '100.000,00 ₦'],
    ['GBP', '£100,000.00', '100.000,00 £'],
    ['USD', '$100,000.00', '100.000,00 $'],
    ['EUR', '€100,000.00', '100.000,00 €'],
  ] as const)('formats %s in the reader’s language: %s in English, %s in German', (currency, english, german) => {
    expect(formatMoney(10_000_000, currency, 'en')).toBe(english);
    expect(spaced(formatMoney(10_000_000, currency, 'de'))).toBe(german);
  });

  it('formats cents and negative amounts in either language', () => {
    expect(formatMoney(1999, 'GBP', 'en')).toBe('£19.99');
    expect(spaced(formatMoney(1999, 'EUR', 'de'))).toBe('19,99 €');
    expect(formatMoney(-50_000, 'NGN', 'en')).toBe('-₦500.00');
    expect(spaced(formatMoney(-50_000, 'NGN', 'de'))).toBe('-500,00 ₦');
  });

  it('keeps a formatter per language: German after English still reads German', () => {
    expect(formatMoney(500, 'USD', 'en')).toBe('$5.00');
    expect(spaced(formatMoney(500, 'USD', 'de'))).toBe('5,00 $');
    expect(formatMoney(500, 'USD', 'en')).toBe('$5.00');
  });
});

describe('intl locale', () => {
  it('maps each language to its locale and anything else to the default', () => {
    expect(intlLocale('en')).toBe('en-GB');
    expect(intlLocale('de')).toBe('de-DE');
    expect(intlLocale('fr')).toBe('en-GB');
    expect(intlLocale(undefined)).toBe('en-GB');
  });
});

describe('balanceIn', () => {
  const wallet = { balance: 1_000, currency: 'GBP', others: [{ balance: 500_000, currency: 'NGN' }] };

  it('reads the home currency, another held currency, or nothing', () => {
    expect(balanceIn(wallet, 'GBP')).toBe(1_000);
    expect(balanceIn(wallet, 'NGN')).toBe(500_000);
    expect(balanceIn(wallet, 'EUR')).toBe(0);
  });
});
