import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Catalog, catalog, createProvider, listedSlot } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { bookings } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { settleAfterAnswerWork } from '../auth/mail-safely.ts';

let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z'), config: { ACCESS_TOKEN_TTL: 30 * 24 * 3600 } });
  ids = await catalog(t);
});
afterAll(() => t.close());

describe('booking a session for an imported client (POST /appointment)', () => {
  it('works once the imported client accepted the invitation, and lists it on their page', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client', email: 'imported@example.test' });
    const slot = await listedSlot(t, provider.id, '2027-03-04');
    const book = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/appointment',
        headers: provider.headers,
        payload: {
          clientIdentifier: client.id,
          timeslotIdentifier: slot.identifier,
          modalityIdentifier: ids.modalityId,
          therapyIdentifier: ids.therapyId,
        },
      });
    // Not their client yet: refused, nothing booked.
    const before = await book();
    expect(before.statusCode).toBe(400);
    expect(await t.deps.db.$count(bookings, eq(bookings.clientId, client.id))).toBe(0);

    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/clients/import',
      headers: provider.headers,
      payload: {
        clients: [{ firstName: 'Imp', lastName: 'Orted', email: 'imported@example.test' }],
        allowInvite: true,
      },
    });
    const [result] = imported.json().results;
    expect(result).toMatchObject({ outcome: 'invited' });
    await settleAfterAnswerWork();
    // Invited is not their client: still refused until the person accepts.
    expect((await book()).statusCode).toBe(400);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/client/invitations/${result.identifier}/accept`,
      headers: client.headers,
    });
    expect(accepted.statusCode).toBe(200);
    const after = await book();
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({ status: 'pending', createdBy: 'provider', client: { identifier: client.id } });

    const sessions = await t.app.inject({
      method: 'GET',
      url: `/api/appointment/client/${client.id}`,
      headers: provider.headers,
    });
    expect(sessions.json().meta.total).toBe(1);
  });
});
