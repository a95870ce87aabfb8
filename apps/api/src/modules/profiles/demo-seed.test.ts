import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { clientProfiles, users } from '../../db/schema/index.ts';
import { publicStorage } from '../../platform/storage.ts';
import { DEMO_CLIENT, DEMO_PROVIDERS, seedDemoData } from '../../scripts/seed/demo.ts';
import { loadProviderProfile } from './provider-service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.deps.db, new Date('2026-11-01T00:00:00Z'));
});
afterAll(() => t.close());

describe('demo profiles', () => {
  it('gives every demo provider a complete setup and a general fee in their country currency', async () => {
    const expected: Record<string, { fee: number; currencyCode: string }> = {
      NG: { fee: 1_500_000, currencyCode: 'NGN' },
      GB: { fee: 6_000, currencyCode: 'GBP' },
      US: { fee: 8_000, currencyCode: 'USD' },
      DE: { fee: 7_000, currencyCode: 'EUR' },
    };
    for (const person of DEMO_PROVIDERS) {
      const [user] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
      const profile = await loadProviderProfile(t.deps.db, publicStorage(t.deps.config), user?.id as string, 'en');
      expect(profile.setup, person.email).toMatchObject({ isComplete: true, missing: [] });
      expect(profile.bookingFee.general, person.email).toEqual({ ...expected[person.country], isFree: false });
      expect(profile.verificationStatus).toBe('approved');
    }
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
