import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingRow,
  catalog,
  createBookingVia,
  createProvider,
  eventTypes,
  listedSlot,
  payWithWallet,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { fixedClock } from '../../platform/clock.ts';
import { fundWallet } from '../money/test-helpers.ts';

/**
 * The access matrix: two clients, two providers, one booking between client A and provider A.
 * Every {id} route answers 404 to the other client / provider (a valid body, so the access
 * check is what answers), 403 to the wrong role, 401 without a token; nothing changes.
 */
let t: TestApp;
let clientA: TestUser;
let clientB: TestUser;
let providerA: TestUser;
let providerB: TestUser;
let bookingId: string;
let slotId: string;
let choice: () => { modalityIdentifier: string; therapyIdentifier: string };

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  const ids = await catalog(t);
  choice = () => ({ modalityIdentifier: ids.modalityId, therapyIdentifier: ids.therapyId });
  clientA = await createTestUser(t, { role: 'client' });
  clientB = await createTestUser(t, { role: 'client' });
  providerA = await createProvider(t);
  providerB = await createProvider(t);
  await fundWallet(t, clientA.id, 500_000);
  const booking = await createBookingVia(t, clientA, providerA, ids);
  bookingId = booking.identifier;
  await scheduleVia(t, clientA, bookingId, (await listedSlot(t, providerA.id, '2027-03-05')).identifier);
  await payWithWallet(t, clientA, bookingId);
  slotId = (await listedSlot(t, providerA.id, '2027-03-08')).identifier;
});
afterAll(() => t.close());

type Route = { method: 'GET' | 'POST'; url: () => string; payload?: () => Record<string, unknown> };

const clientRoutes: Route[] = [
  { method: 'GET', url: () => `/api/booking/${bookingId}` },
  { method: 'GET', url: () => `/api/booking/${bookingId}/details` },
  { method: 'GET', url: () => `/api/booking/${bookingId}/series` },
  { method: 'GET', url: () => `/api/booking/participant/${bookingId}` },
  { method: 'POST', url: () => `/api/booking/${bookingId}/schedule`, payload: () => ({ timeslotIdentifier: slotId }) },
  {
    method: 'POST',
    url: () => `/api/booking/${bookingId}/reschedule`,
    payload: () => ({ timeslotIdentifier: slotId }),
  },
  { method: 'POST', url: () => `/api/booking/${bookingId}/cancel`, payload: () => ({ note: 'not mine' }) },
  {
    method: 'POST',
    url: () => `/api/booking/participant/${bookingId}/status`,
    payload: () => ({ status: 'rejected' }),
  },
  { method: 'POST', url: () => `/api/booking/reschedule/${bookingId}/accept` },
  { method: 'POST', url: () => `/api/payment/booking/${bookingId}`, payload: () => ({ method: 'wallet' }) },
];

const providerRoutes: Route[] = [
  { method: 'GET', url: () => `/api/appointment/${bookingId}` },
  { method: 'GET', url: () => `/api/appointment/${bookingId}/details` },
  { method: 'GET', url: () => `/api/appointment/${bookingId}/series` },
  { method: 'GET', url: () => `/api/appointment/client/${clientA.id}` },
  { method: 'POST', url: () => `/api/appointment/${bookingId}/cancel`, payload: () => ({ note: 'not mine' }) },
  {
    method: 'POST',
    url: () => `/api/appointment/${bookingId}/reschedule`,
    payload: () => ({ timeslotIdentifier: slotId }),
  },
  {
    method: 'POST',
    url: () => `/api/appointment/${bookingId}/reschedule-update`,
    payload: () => ({ status: 'accepted' }),
  },
  { method: 'POST', url: () => `/api/appointment/participant/${bookingId}/acknowledge` },
  {
    method: 'POST',
    url: () => `/api/appointment/participant/${bookingId}/reject-booking`,
    payload: () => ({ note: 'not mine' }),
  },
];

const eitherPartyRoutes: Route[] = [
  { method: 'GET', url: () => `/api/booking/${bookingId}/cancellation-status` },
  { method: 'GET', url: () => `/api/booking/${bookingId}/reschedule-approval` },
  { method: 'GET', url: () => `/api/appointment/policy/${bookingId}/cancellation` },
  { method: 'GET', url: () => `/api/appointment/policy/${bookingId}/reschedule` },
  {
    method: 'POST',
    url: () => '/api/share-booking',
    payload: () => ({ bookingIdentifier: bookingId, email: 'x@example.test', consent: true }),
  },
];

function call(route: Route, user: TestUser | null) {
  return t.app.inject({
    method: route.method,
    url: route.url(),
    headers: user ? user.headers : {},
    ...(route.payload ? { payload: route.payload() } : {}),
  });
}

const label = (route: Route) => `${route.method} ${route.url().replace(/[0-9a-f-]{36}/g, '{id}')}`;

describe('access matrix', () => {
  it('answers 404 to the other client on every client {id} route', async () => {
    for (const route of [...clientRoutes, ...eitherPartyRoutes]) {
      const response = await call(route, clientB);
      expect(response.statusCode, `${label(route)} ${response.body}`).toBe(404);
    }
  });

  it('answers 404 to the other provider on every provider {id} route', async () => {
    for (const route of [...providerRoutes, ...eitherPartyRoutes]) {
      const response = await call(route, providerB);
      expect(response.statusCode, `${label(route)} ${response.body}`).toBe(404);
    }
  });

  it('answers 403 to a client on provider routes and to a provider on client routes', async () => {
    const providerOnly: Route[] = [
      ...providerRoutes,
      { method: 'GET', url: () => '/api/appointment' },
      {
        method: 'POST',
        url: () => '/api/appointment',
        payload: () => ({ clientIdentifier: clientA.id, timeslotIdentifier: slotId, ...choice() }),
      },
    ];
    for (const route of providerOnly) {
      const response = await call(route, clientA);
      expect(response.statusCode, label(route)).toBe(403);
    }
    const clientOnly: Route[] = [
      ...clientRoutes,
      { method: 'GET', url: () => '/api/booking' },
      { method: 'POST', url: () => '/api/booking', payload: () => ({ providerIdentifier: providerA.id, ...choice() }) },
      {
        method: 'POST',
        url: () => '/api/booking/series',
        payload: () => ({ providerIdentifier: providerA.id, timeslotIdentifier: slotId, occurrences: 2, ...choice() }),
      },
    ];
    for (const route of clientOnly) {
      const response = await call(route, providerA);
      expect(response.statusCode, label(route)).toBe(403);
    }
  });

  it('answers 401 without a token', async () => {
    for (const route of [...clientRoutes.slice(0, 2), ...providerRoutes.slice(0, 2), ...eitherPartyRoutes]) {
      expect((await call(route, null)).statusCode, label(route)).toBe(401);
    }
  });

  it('changed nothing on the booking', async () => {
    expect(await bookingRow(t, bookingId)).toMatchObject({
      status: 'confirmed',
      participantStatus: 'awaiting',
      rescheduleStatus: null,
      remainingClientReschedule: 2,
    });
    expect(await eventTypes(t, bookingId)).toEqual(['scheduled', 'paid', 'confirmed']);
  });

  it('lets each party read it as their own', async () => {
    expect((await call(clientRoutes[0] as Route, clientA)).statusCode).toBe(200);
    expect((await call(providerRoutes[0] as Route, providerA)).statusCode).toBe(200);
    for (const route of eitherPartyRoutes.slice(0, 4)) {
      expect((await call(route, clientA)).statusCode).toBe(200);
      expect((await call(route, providerA)).statusCode).toBe(200);
    }
  });
});
