import { expect } from 'vitest';
import {
  type Catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  payWithWallet,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { type CreateTestUserOptions, createTestUser, type TestUser } from '../../../test/factories.ts';
import { fundWallet } from '../money/test-helpers.ts';

/** Test helpers of the consent module (not used by the app). */

export interface PaidSession {
  provider: TestUser;
  client: TestUser;
  bookingId: string;
  startAt: Date;
  endAt: Date;
}

/** A video session on `date` (slot `index` of the Lagos calendar), paid from the client's wallet. */
export async function paidSession(
  t: TestApp,
  ids: Catalog,
  options: { date: string; index?: number; provider?: TestUser; client?: CreateTestUserOptions },
): Promise<PaidSession> {
  const provider = options.provider ?? (await createProvider(t, { fee: 500_000 }));
  const client = await createTestUser(t, { role: 'client', ...options.client });
  await fundWallet(t, client.id, 1_000_000);
  const booking = await createBookingVia(t, client, provider, ids);
  const slot = await listedSlot(t, provider.id, options.date, options.index ?? 0);
  await scheduleVia(t, client, booking.identifier, slot.identifier);
  const paid = await payWithWallet(t, client, booking.identifier);
  expect(paid.status).toBe('confirmed');
  return {
    provider,
    client,
    bookingId: booking.identifier,
    startAt: new Date(slot.startAt),
    endAt: new Date(slot.endAt),
  };
}

export const CONSENT_TEXT =
  'Telehealth consent and practice policy.\n\nSessions take place by video. Cancel at least 24 hours ahead.\n\nIn a crisis, call your local emergency number.';

/** The provider saves a consent version through the API; answers the version number. */
export async function writeConsent(t: TestApp, provider: TestUser, body = CONSENT_TEXT): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/consent/documents',
    headers: provider.headers,
    payload: { body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().version as number;
}

/** The client signs the booking's consent (version, name, agreed). */
export function sign(
  t: TestApp,
  client: TestUser,
  bookingId: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/booking/${bookingId}/consent`,
    headers: { ...client.headers, ...headers },
    payload,
  });
}
