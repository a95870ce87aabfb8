import { CURRENCY_BY_COUNTRY } from '@app/shared/currency';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { clientProfiles, users } from '../../db/schema/index.ts';
import { publicStorage } from '../../platform/storage.ts';
import { privateStorageOf } from '../../platform/uploads/private-storage.ts';
import { DEMO_CLIENT, DEMO_PROVIDERS, seedDemoData } from '../../scripts/seed/demo.ts';
import { loadProviderProfile } from './provider-service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.deps.db, new Date('2026-11-01T00:00:00Z'), privateStorageOf(t.deps));
});
afterAll(() => t.close());

describe('demo profiles', () => {
  it("gives every demo provider a complete setup, their practice's fee in their country currency and its offer", async () => {
    const fees = new Map<string, Set<number>>();
    for (const person of DEMO_PROVIDERS) {
      const [user] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
      const profile = await loadProviderProfile(t.deps.db, publicStorage(t.deps.config), user?.id as string, 'en');
      const currencyCode = CURRENCY_BY_COUNTRY[person.country as keyof typeof CURRENCY_BY_COUNTRY];
      expect(profile.setup, person.email).toMatchObject({ isComplete: true, missing: [] });
      expect(profile.bookingFee.general, person.email).toEqual({
        fee: person.practice.fee * 100,
        currencyCode,
        isFree: false,
      });
      expect(profile.verificationStatus).toBe('approved');
      expect(profile.preferences.therapy.map((item) => item.key).sort()).toEqual([...person.practice.therapies].sort());
      expect(profile.preferences.language.map((item) => item.key).sort()).toEqual(
        [...person.practice.languages].sort(),
      );
      fees.set(currencyCode, (fees.get(currencyCode) ?? new Set()).add(person.practice.fee));
    }
    // A marketplace, not one profile copied: within each currency, the demo fees differ.
    for (const [currency, amounts] of fees) expect(amounts.size, currency).toBeGreaterThan(1);
  });

  it('gives the demo client a username', async () => {
    const [row] = await t.deps.db
      .select({ userName: clientProfiles.userName })
      .from(clientProfiles)
      .innerJoin(users, eq(users.id, clientProfiles.userId))
      .where(eq(users.email, DEMO_CLIENT.email));
    expect(row?.userName).toBe('ada_okafor');
  });
});
