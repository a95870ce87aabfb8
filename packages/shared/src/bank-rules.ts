import { countrySpecs, electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * Which payout rules a provider's country uses. NG: a bank from the list and a NUBAN; GB: sort
 * code and 8-digit account number; US: ABA routing number and account number; IBAN: any country
 * in the IBAN registry (Germany and the rest of the EU), IBAN and an optional BIC. `general` is
 * kept for the rest of the world and for accounts saved before the country rules existed.
 */
export const BANK_ACCOUNT_VARIANTS = ['general', 'NG', 'GB', 'US', 'IBAN'] as const;
export type BankAccountVariant = (typeof BANK_ACCOUNT_VARIANTS)[number];

export function bankAccountVariant(countryCode: string | null | undefined): BankAccountVariant {
  const code = countryCode?.toUpperCase();
  if (code === 'NG' || code === 'GB' || code === 'US') return code;
  if (code && countrySpecs[code]?.IBANRegistry) return 'IBAN';
  return 'general';
}

/**
 * Nigerian deposit money banks by their CBN code (the code NUBAN's check digit is computed
 * with, and the one Paystack's transfer recipients take).
 */
export const NIGERIAN_BANKS: readonly { code: string; name: string }[] = [
  { code: '044', name: 'Access Bank' },
  { code: '023', name: 'Citibank Nigeria' },
  { code: '050', name: 'Ecobank Nigeria' },
  { code: '070', name: 'Fidelity Bank' },
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '214', name: 'First City Monument Bank' },
  { code: '103', name: 'Globus Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '030', name: 'Heritage Bank' },
  { code: '301', name: 'Jaiz Bank' },
  { code: '082', name: 'Keystone Bank' },
  { code: '303', name: 'Lotus Bank' },
  { code: '107', name: 'Optimus Bank' },
  { code: '104', name: 'Parallex Bank' },
  { code: '076', name: 'Polaris Bank' },
  { code: '105', name: 'PremiumTrust Bank' },
  { code: '101', name: 'Providus Bank' },
  { code: '106', name: 'Signature Bank' },
  { code: '221', name: 'Stanbic IBTC Bank' },
  { code: '068', name: 'Standard Chartered Bank' },
  { code: '232', name: 'Sterling Bank' },
  { code: '100', name: 'SunTrust Bank' },
  { code: '302', name: 'TAJ Bank' },
  { code: '102', name: 'Titan Trust Bank' },
  { code: '032', name: 'Union Bank of Nigeria' },
  { code: '033', name: 'United Bank for Africa' },
  { code: '215', name: 'Unity Bank' },
  { code: '035', name: 'Wema Bank' },
  { code: '057', name: 'Zenith Bank' },
];

export function nigerianBankName(code: string): string | undefined {
  return NIGERIAN_BANKS.find((bank) => bank.code === code)?.name;
}

/**
 * CBN's NUBAN: 3-digit bank code + 9-digit serial, weighted 3,7,3 repeating; the check digit is
 * 10 minus the sum modulo 10 (10 becomes 0).
 */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{3}$/.test(bankCode) || !/^\d{10}$/.test(accountNumber)) return false;
  const digits = `${bankCode}${accountNumber.slice(0, 9)}`;
  const weights = [3, 7, 3];
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weights[i % 3] as number);
  return (10 - (sum % 10)) % 10 === Number(accountNumber[9]);
}

/** ABA routing number: 9 digits, weighted 3,7,1 repeating, the sum a multiple of 10. */
export function isValidAbaRouting(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(routing[i]) * (weights[i % 3] as number);
  return sum % 10 === 0;
}

/** "12-34-56", "12 34 56" and "123456" are one sort code; the digits are kept. */
export const SORT_CODE = /^\d{2}[- ]?\d{2}[- ]?\d{2}$/;
export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** An IBAN as people write it (spaces, lower case) in its electronic form: DE89370400440532013000. */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? value.replace(/\s/g, '').toUpperCase();
}

export function isValidIban(value: string): boolean {
  return isValidIBAN(normalizeIban(value));
}

export function isValidBic(value: string): boolean {
  return isValidBIC(value.replace(/\s/g, '').toUpperCase());
}
