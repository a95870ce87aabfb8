import type { TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { bookings } from '../../db/schema/index.ts';
import { multipartForm } from '../../platform/uploads/test-files.ts';

/** A provider and a client who booked them once, and that booking's id (a session to write notes on). */
export async function providerWithClient(t: TestApp, names: { client?: string; provider?: string } = {}) {
  const client = await createTestUser(t, { role: 'client', firstName: names.client ?? 'Ada', lastName: 'Client' });
  const provider = await createTestUser(t, {
    role: 'provider',
    firstName: names.provider ?? 'Bola',
    lastName: 'Therapist',
  });
  const [booking] = await t.deps.db
    .insert(bookings)
    .values({
      clientId: client.id,
      providerId: provider.id,
      status: 'completed',
      startsAt: new Date('2027-02-20T10:00:00Z'),
      endsAt: new Date('2027-02-20T11:00:00Z'),
    })
    .returning({ id: bookings.id });
  if (!booking) throw new Error('booking insert failed');
  return { client, provider, bookingId: booking.id };
}

/** POST /api/note as `user` with text fields and an optional file. */
export function postNote(
  t: TestApp,
  user: TestUser,
  fields: Record<string, string>,
  file?: { data: Buffer; filename: string; contentType?: string },
) {
  const form = multipartForm([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'file', ...file }] : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/note',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}
