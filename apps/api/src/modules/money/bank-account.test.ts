import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { payoutBankAccounts } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';

/** Validation tables for the payout account in each country's banking (bank-rules.ts). */
let t: TestApp;
const providers: Record<string, TestUser> = {};

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-15T12:00:00Z') });
  for (const countryCode of ['NG', 'GB', 'US', 'DE', 'FR']) {
    providers[countryCode] = await createTestUser(t, { role: 'provider', countryCode });
  }
});
afterAll(() => t.close());

const putBank = (countryCode: string, payload: Record<string, unknown>, language = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/earnings/bank-account',
    headers: { ...(providers[countryCode] as TestUser).headers, 'x-language': language },
    payload,
  });
const savedRow = async (countryCode: string) =>
  (
    await t.deps.db
      .select()
      .from(payoutBankAccounts)
      .where(eq(payoutBankAccounts.userId, (providers[countryCode] as TestUser).id))
  )[0];

const ngBase = { accountName: 'Chiamaka Okafor-Nwosu', bankCode: '011' };
const ukExtras = {
  address: '221B Baker Street, London',
  postalCode: 'NW1 6XE',
  accountType: 'checking',
  accountOwnership: 'personal',
  dateOfBirth: '1984-06-02',
};
const gbBase = { accountName: "Siobhan O'Neill", bankName: 'Barclays', ...ukExtras };
const usBase = { accountName: 'Mary-Jane Watson', bankName: 'Chase', ...ukExtras };
const deBase = { accountName: 'Jürgen Müller-Lüdenscheidt', bankName: 'Commerzbank' };

describe('Nigeria: bank from the list and a 10-digit NUBAN with its check digit', () => {
  it.each([
    [{ bankCode: '011', accountNumber: '0000014579' }, null],
    [{ bankCode: '058', accountNumber: '0123456785' }, null],
    [{ bankCode: '057', accountNumber: '2223334447' }, null],
    [
      { bankCode: '058', accountNumber: '0123456789' },
      { accountNumber: ['This account number does not belong to the chosen bank: check the 10 digits'] },
    ],
    [
      { bankCode: '044', accountNumber: '0123456785' },
      { accountNumber: ['This account number does not belong to the chosen bank: check the 10 digits'] },
    ],
    [{ bankCode: '058', accountNumber: '012345678' }, { accountNumber: ['Account number must be the 10-digit NUBAN'] }],
    [
      { bankCode: '058', accountNumber: '01234567850' },
      { accountNumber: ['Account number must be the 10-digit NUBAN'] },
    ],
    [{ bankCode: '999', accountNumber: '0123456785' }, { bankCode: ['Choose your bank from the list'] }],
    [{ bankCode: '044150', accountNumber: '0123456785' }, { bankCode: ['Choose your bank from the list'] }],
  ])('%j → %j', async (fields, fieldErrors) => {
    const res = await putBank('NG', { ...ngBase, ...fields });
    if (fieldErrors) {
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    } else {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ...fields, variant: 'NG' });
      expect(await savedRow('NG')).toMatchObject({ ...fields, variant: 'NG' });
    }
  });

  it('names the bank from the list, whatever name was sent', async () => {
    const res = await putBank('NG', { ...ngBase, bankCode: '058', bankName: 'My bank', accountNumber: '0123456785' });
    expect(res.json()).toMatchObject({ bankName: 'Guaranty Trust Bank' });
    expect(await savedRow('NG')).toMatchObject({ bankName: 'Guaranty Trust Bank', bankCode: '058' });
  });
});

describe('United Kingdom: sort code and 8-digit account number', () => {
  it.each([
    [{ bankCode: '20-00-00', accountNumber: '55779911' }, null, '200000'],
    [{ bankCode: '20 00 00', accountNumber: '55779911' }, null, '200000'],
    [{ bankCode: '402030', accountNumber: '31926819' }, null, '402030'],
    [
      { bankCode: '2000000', accountNumber: '55779911' },
      { bankCode: ['Sort code must be 6 digits, for example 20-00-00'] },
      null,
    ],
    [
      { bankCode: '20-00', accountNumber: '55779911' },
      { bankCode: ['Sort code must be 6 digits, for example 20-00-00'] },
      null,
    ],
    [{ bankCode: '200000', accountNumber: '5577991' }, { accountNumber: ['Account number must be 8 digits'] }, null],
    [{ bankCode: '200000', accountNumber: '5577991A' }, { accountNumber: ['Account number must be 8 digits'] }, null],
  ])('%j → %j', async (fields, fieldErrors, storedSortCode) => {
    const res = await putBank('GB', { ...gbBase, ...fields });
    if (fieldErrors) {
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    } else {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        bankCode: storedSortCode,
        accountNumber: fields.accountNumber,
        variant: 'GB',
      });
      expect(await savedRow('GB')).toMatchObject({ bankCode: storedSortCode, variant: 'GB' });
    }
  });
});

describe('United States: ABA routing number with its check digit, and account number', () => {
  it.each([
    [{ bankCode: '021000021', accountNumber: '000123456789' }, null],
    [{ bankCode: '011000015', accountNumber: '1234' }, null],
    [
      { bankCode: '021000022', accountNumber: '000123456789' },
      { bankCode: ['This Routine Number does not exist: check the 9 digits'] },
    ],
    [{ bankCode: '02100002', accountNumber: '000123456789' }, { bankCode: ['Routine Number must be 9 digits'] }],
    [{ bankCode: '021000021', accountNumber: '123' }, { accountNumber: ['Account number must be 4-17 digits'] }],
    [
      { bankCode: '021000021', accountNumber: '123456789012345678' },
      { accountNumber: ['Account number must be 4-17 digits'] },
    ],
  ])('%j → %j', async (fields, fieldErrors) => {
    const res = await putBank('US', { ...usBase, ...fields });
    if (fieldErrors) {
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    } else {
      expect(res.statusCode).toBe(200);
      expect(await savedRow('US')).toMatchObject({ ...fields, variant: 'US' });
    }
  });
});

describe('Germany and the EU: IBAN validated by ibantools, optional BIC', () => {
  it.each([
    [
      'DE',
      { accountNumber: 'DE89 3704 0044 0532 0130 00', bankCode: 'COBADEFFXXX' },
      null,
      'DE89370400440532013000',
      'COBADEFFXXX',
    ],
    ['DE', { accountNumber: 'de89370400440532013000' }, null, 'DE89370400440532013000', ''],
    ['DE', { accountNumber: 'DE89370400440532013000', bankCode: '' }, null, 'DE89370400440532013000', ''],
    [
      'FR',
      { accountNumber: 'FR14 2004 1010 0505 0001 3M02 606', bankCode: 'psstfrpp' },
      null,
      'FR1420041010050500013M02606',
      'PSSTFRPP',
    ],
    [
      'DE',
      { accountNumber: 'DE89370400440532013001' },
      { accountNumber: ['Enter a valid IBAN, for example DE89 3704 0044 0532 0130 00'] },
      null,
      null,
    ],
    [
      'DE',
      { accountNumber: '0532013000' },
      { accountNumber: ['Enter a valid IBAN, for example DE89 3704 0044 0532 0130 00'] },
      null,
      null,
    ],
    [
      'DE',
      { accountNumber: 'DE89370400440532013000', bankCode: 'COBADE' },
      { bankCode: ['Enter a valid BIC (8 or 11 characters), or leave it empty'] },
      null,
      null,
    ],
  ])('%s %j → %j', async (country, fields, fieldErrors, iban, bic) => {
    const res = await putBank(country, { ...deBase, ...fields });
    if (fieldErrors) {
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    } else {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ accountNumber: iban, bankCode: bic, variant: 'IBAN' });
      expect(await savedRow(country)).toMatchObject({ accountNumber: iban, bankCode: bic, variant: 'IBAN' });
    }
  });

  it('asks a German provider for the IBAN in German, and keeps the saved account', async () => {
    await putBank('DE', { ...deBase, accountNumber: 'DE89370400440532013000' });
    const res = await putBank('DE', { ...deBase, accountNumber: 'DE00 1234' }, 'de');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      accountNumber: ['Gib eine gültige IBAN ein, zum Beispiel DE89 3704 0044 0532 0130 00'],
    });
    expect(await savedRow('DE')).toMatchObject({ accountNumber: 'DE89370400440532013000' });
  });
});
