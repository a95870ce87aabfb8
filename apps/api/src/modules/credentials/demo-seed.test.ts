import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { privateStorageOf } from '../../platform/uploads/private-storage.ts';
import { DEMO_PROVIDERS, seedDemoData } from '../../scripts/seed/demo.ts';
import { listOwnInsurance } from './insurance.ts';

const now = new Date('2026-11-01T00:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock(now) });
  await seedDemoData(t.deps.db, now, privateStorageOf(t.deps));
}, 180_000);
afterAll(() => t.close());

describe('demo insurance', () => {
  it("every demo provider's current insurance downloads as the PDF its record describes", async () => {
    for (const person of DEMO_PROVIDERS) {
      const [user] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
      const insurance = await listOwnInsurance(t.deps, {
        actor: { userId: user?.id as string, role: 'provider', sessionId: 'demo' },
      });
      expect(insurance, person.email).toHaveLength(1);
      const [record] = insurance;
      const download = await t.app.inject({ url: record?.url as string });
      expect(download.statusCode, `${person.email} ${download.body}`).toBe(200);
      expect(download.headers['content-type']).toContain('application/pdf');
      expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(download.rawPayload.length).toBe(record?.size);
    }
  });
});
