import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { clientProfiles, providerBookingFees, userPreferences } from '../../db/schema/index.ts';
import { loadReferenceIds } from './test-support.ts';

describe.runIf(testDriver === 'pg')('profiles under concurrent requests (PostgreSQL)', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof loadReferenceIds>>;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await loadReferenceIds(t);
  });
  afterAll(() => t.close());

  it('keeps one general fee row when a provider saves it many times at once', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/provider/booking-fee/general',
          headers: provider.headers,
          payload: { fee: 100_000 + index, isFree: false },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    const rows = await t.deps.db
      .select()
      .from(providerBookingFees)
      .where(eq(providerBookingFees.providerId, provider.id));
    expect(rows).toHaveLength(1);
  });

  it('gives a username to exactly one of two clients asking for it at the same time', async () => {
    const [first, second] = await Promise.all([
      createTestUser(t, { role: 'client' }),
      createTestUser(t, { role: 'client' }),
    ]);
    const answers = await Promise.all(
      [first, second].map((client) =>
        t.app.inject({ method: 'PUT', url: '/api/client', headers: client.headers, payload: { userName: 'Racer' } }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const loser = answers.find((res) => res.statusCode === 400);
    expect(loser?.json().fieldErrors).toEqual({ userName: ['This username is already taken'] });
    const rows = await t.deps.db.select().from(clientProfiles).where(eq(clientProfiles.userName, 'Racer'));
    expect(rows).toHaveLength(1);
  });

  it('ends with one consistent list when preferences are replaced concurrently', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const options = ['video-session', 'audio-call', 'chat-messaging', 'in-person'].map((key) =>
      ids.option('modality', key),
    );
    const answers = await Promise.all(
      options.map((option) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/client/preferences',
          headers: client.headers,
          payload: { modality: [option] },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await t.deps.db.select().from(userPreferences).where(eq(userPreferences.userId, client.id));
    expect(rows).toHaveLength(1);
  });
});
