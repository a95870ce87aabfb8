import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingRow,
  bookingSuite,
  createBookingVia,
  earningsOf,
  emailsTo,
  escrowOf,
  listedSlot,
  scheduledBooking,
  scheduleVia,
  walletOf,
} from '../../../test/booking-fixtures.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { ledgerTransactions } from '../../db/schema/index.ts';
import { auditLedger } from '../money/ledger-audit.ts';

const START = '2027-03-01T09:00:00Z'; // Monday 10:00 in Lagos
const { t, ids, clock } = bookingSuite(START);

/** A paid, confirmed booking on `date` (Lagos), slot `index` (09:00 Lagos = 08:00Z is index 0). */
const paidBooking = (date: string, index = 0, provider?: TestUser) =>
  scheduledBooking(t, ids, { provider, date, index, pay: true });

const post = (url: string, user: TestUser, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });

describe('cancellation', () => {
  it('refunds a client in full at once when cancelled more than 48 h ahead', async () => {
    const { provider, client, booking } = await paidBooking('2027-03-05');
    const escrowBefore = await escrowOf(t);
    const response = await post(`/api/booking/${booking.identifier}/cancel`, client, { note: 'Travelling' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'cancelled',
      previousStatus: 'confirmed',
      cancellation: { cancelledBy: 'client', reason: 'Travelling', refundStatus: 'refunded', refundMinor: 500_000 },
    });
    expect(await walletOf(t, client.id)).toBe(500_000);
    expect(await escrowOf(t)).toBe(escrowBefore - 500_000);
    const [refund] = await t.deps.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `booking:${booking.identifier}:refund`));
    expect(refund?.type).toBe('refund');
    const [mail] = await emailsTo(t, provider.email, 'bookings.cancelled');
    expect(mail?.subject).toBe('Session cancelled');
    expect(mail?.text).toContain('Reason: Travelling');
  });

  it('gives no refund within 48 h and credits the provider the earning minus commission', async () => {
    const { provider, client, booking } = await paidBooking('2027-03-03', 0); // 47 h ahead
    const response = await post(`/api/booking/${booking.identifier}/cancel`, client, { note: 'Sick' });
    expect(response.json().cancellation).toMatchObject({ refundStatus: 'none', refundMinor: 0 });
    expect(await walletOf(t, client.id)).toBe(0);
    expect(await earningsOf(t, provider.id)).toBe(425_000);
    expect(await bookingRow(t, booking.identifier)).toMatchObject({ status: 'cancelled', refundStatus: 'none' });
  });

  it('refunds in full when the provider cancels, even within 48 h, and tells the client', async () => {
    const { provider, client, booking } = await paidBooking('2027-03-02', 3);
    const response = await post(`/api/appointment/${booking.identifier}/cancel`, provider, { note: 'Emergency' });
    expect(response.statusCode).toBe(200);
    expect(response.json().cancellation).toMatchObject({ cancelledBy: 'provider', refundStatus: 'refunded' });
    expect(await walletOf(t, client.id)).toBe(500_000);
    const [mail] = await emailsTo(t, client.email, 'bookings.cancelled');
    expect(mail?.text).toContain('₦5,000.00 has been refunded to your wallet.');
  });

  it('simply cancels a pending unpaid booking and frees its slot', async () => {
    const { provider, client, booking, slot } = await scheduledBooking(t, ids, { date: '2027-03-02' });
    const response = await post(`/api/booking/${booking.identifier}/cancel`, client, { note: 'Changed my mind' });
    expect(response.json()).toMatchObject({ status: 'cancelled', cancellation: { refundStatus: 'not_paid' } });
    expect((await listedSlot(t, provider.id, '2027-03-02')).startAt).toBe(slot.startAt);
  });

  it('requires a reason and changes nothing without one', async () => {
    const { client, booking } = await paidBooking('2027-03-05');
    const response = await post(`/api/booking/${booking.identifier}/cancel`, client, { note: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ note: ['Please tell us why you are cancelling'] });
    expect((await bookingRow(t, booking.identifier)).status).toBe('confirmed');
  });

  it('is final: a second cancellation is refused and refunds nothing more', async () => {
    const { client, booking } = await paidBooking('2027-03-05');
    await post(`/api/booking/${booking.identifier}/cancel`, client, { note: 'Once' });
    const again = await post(`/api/booking/${booking.identifier}/cancel`, client, { note: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'BOOKING_NOT_CANCELLABLE',
      message: 'This booking can no longer be cancelled',
    });
    expect(await walletOf(t, client.id)).toBe(500_000);
    const audit = await auditLedger(t.deps.db);
    expect(Object.values(audit).flat()).toEqual([]);
  });

  it('answers the cancellation policy and status for each party', async () => {
    const { provider, client, booking } = await paidBooking('2027-03-03', 2); // 49 h ahead
    const forClient = await t.app.inject({
      url: `/api/appointment/policy/${booking.identifier}/cancellation`,
      headers: client.headers,
    });
    expect(forClient.json()).toEqual({
      bookingIdentifier: booking.identifier,
      canCancel: true,
      reason: null,
      isRefundable: true,
      refundAmount: 500_000,
      currencyCode: 'NGN',
      noRefundWindowHours: 48,
      refundableUntil: '2027-03-01T10:00:00.000Z',
    });
    clock.set('2027-03-01T10:00:00Z');
    const status = await t.app.inject({
      url: `/api/booking/${booking.identifier}/cancellation-status`,
      headers: client.headers,
    });
    expect(status.json()).toEqual({ isRefundable: false, refundAmount: 0, currencyCode: 'NGN' });
    const forProvider = await t.app.inject({
      url: `/api/booking/${booking.identifier}/cancellation-status`,
      headers: provider.headers,
    });
    expect(forProvider.json()).toMatchObject({ isRefundable: true, refundAmount: 500_000 });
  });
});

describe('reschedule', () => {
  it('moves a confirmed booking at once more than 48 h ahead and spends one reschedule', async () => {
    const { provider, client, booking, slot } = await paidBooking('2027-03-05', 0);
    const target = await listedSlot(t, provider.id, '2027-03-08', 1);
    const response = await post(`/api/booking/${booking.identifier}/reschedule`, client, {
      timeslotIdentifier: target.identifier,
      note: 'Later please',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'confirmed',
      startAt: target.startAt,
      rescheduleInfo: {
        status: 'accepted',
        remainingClientReschedule: 1,
        remainingProviderReschedule: 2,
        requestedBy: 'client',
        proposedStartAt: null,
      },
    });
    expect((await listedSlot(t, provider.id, '2027-03-05', 0)).startAt).toBe(slot.startAt);
    const [mail] = await emailsTo(t, provider.email, 'bookings.rescheduled');
    expect(mail?.subject).toBe('Your session was moved');
  });

  it("refuses a third reschedule with 'Rescheduling limit reached'", async () => {
    const { provider, client, booking } = await paidBooking('2027-03-05', 0);
    for (const index of [1, 2]) {
      const target = await listedSlot(t, provider.id, '2027-03-08', index);
      const moved = await post(`/api/booking/${booking.identifier}/reschedule`, client, {
        timeslotIdentifier: target.identifier,
      });
      expect(moved.statusCode).toBe(200);
    }
    const policy = await t.app.inject({
      url: `/api/appointment/policy/${booking.identifier}/reschedule`,
      headers: client.headers,
    });
    expect(policy.json()).toMatchObject({
      canReschedule: false,
      reason: 'RESCHEDULE_LIMIT_REACHED',
      remainingReschedule: 0,
    });
    const target = await listedSlot(t, provider.id, '2027-03-08', 3);
    const refused = await post(`/api/booking/${booking.identifier}/reschedule`, client, {
      timeslotIdentifier: target.identifier,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'RESCHEDULE_LIMIT_REACHED', message: 'Rescheduling limit reached' });
    // The provider still has their own two.
    const byProvider = await post(`/api/appointment/${booking.identifier}/reschedule`, provider, {
      timeslotIdentifier: target.identifier,
    });
    expect(byProvider.json().rescheduleInfo).toMatchObject({
      remainingClientReschedule: 0,
      remainingProviderReschedule: 1,
    });
  });

  it('within 48 h asks the provider, who accepts: then the appointment moves', async () => {
    const { provider, client, booking, slot } = await paidBooking('2027-03-02', 0);
    const approval = await t.app.inject({
      url: `/api/booking/${booking.identifier}/reschedule-approval`,
      headers: client.headers,
    });
    expect(approval.json()).toEqual({ needsApproval: true });
    const target = await listedSlot(t, provider.id, '2027-03-04', 0);
    const requested = await post(`/api/booking/${booking.identifier}/reschedule`, client, {
      timeslotIdentifier: target.identifier,
      note: 'Clash at work',
    });
    expect(requested.json()).toMatchObject({
      startAt: slot.startAt,
      rescheduleInfo: {
        status: 'pending',
        requestedBy: 'client',
        proposedStartAt: target.startAt,
        remainingClientReschedule: 2,
        note: 'Clash at work',
      },
    });
    const [mail] = await emailsTo(t, provider.email, 'bookings.rescheduleRequested');
    expect(mail?.text).toContain('asks to move your session');

    const own = await post(`/api/booking/reschedule/${booking.identifier}/accept`, client);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('NO_PENDING_RESCHEDULE');

    const accepted = await post(`/api/appointment/${booking.identifier}/reschedule-update`, provider, {
      status: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      startAt: target.startAt,
      rescheduleInfo: { status: 'accepted', remainingClientReschedule: 1, proposedStartAt: null },
    });
    expect(await emailsTo(t, client.email, 'bookings.rescheduleAccepted')).toHaveLength(1);
  });

  it('within 48 h the client rejects the provider request: the appointment stays', async () => {
    const { provider, client, booking, slot } = await paidBooking('2027-03-02', 1);
    const target = await listedSlot(t, provider.id, '2027-03-04', 1);
    await post(`/api/appointment/${booking.identifier}/reschedule`, provider, {
      timeslotIdentifier: target.identifier,
    });
    const blocked = await post(`/api/booking/${booking.identifier}/reschedule`, client, {
      timeslotIdentifier: target.identifier,
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('RESCHEDULE_PENDING');
    const rejected = await post(`/api/booking/reschedule/${booking.identifier}/reject`, client);
    expect(rejected.json()).toMatchObject({
      startAt: slot.startAt,
      rescheduleInfo: { status: 'rejected', remainingProviderReschedule: 2 },
    });
    expect(await emailsTo(t, provider.email, 'bookings.rescheduleRejected')).toHaveLength(1);
    const none = await post(`/api/booking/reschedule/${booking.identifier}/accept`, client);
    expect(none.json()).toEqual({
      code: 'NO_PENDING_RESCHEDULE',
      message: 'There is no reschedule request waiting for your answer',
    });
  });

  it('keeps the request pending when its slot was taken before the answer', async () => {
    const { provider, client, booking } = await paidBooking('2027-03-02', 2);
    const target = await listedSlot(t, provider.id, '2027-03-04', 2);
    await post(`/api/booking/${booking.identifier}/reschedule`, client, { timeslotIdentifier: target.identifier });
    const rival = await createTestUser(t, { role: 'client' });
    const other = await createBookingVia(t, rival, provider, ids);
    await scheduleVia(t, rival, other.identifier, target.identifier);
    const accepted = await post(`/api/appointment/${booking.identifier}/reschedule-update`, provider, {
      status: 'accepted',
    });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().code).toBe('SLOT_TAKEN');
    expect(await bookingRow(t, booking.identifier)).toMatchObject({ rescheduleStatus: 'pending' });
  });

  it('refuses to reschedule a cancelled booking', async () => {
    const { provider, client, booking } = await paidBooking('2027-03-05', 3);
    await post(`/api/booking/${booking.identifier}/cancel`, client, { note: 'No' });
    const target = await listedSlot(t, provider.id, '2027-03-08', 3);
    const response = await post(`/api/booking/${booking.identifier}/reschedule`, client, {
      timeslotIdentifier: target.identifier,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'BOOKING_NOT_RESCHEDULABLE',
      message: 'This booking can no longer be rescheduled',
    });
  });
});
