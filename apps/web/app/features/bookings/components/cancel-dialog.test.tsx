import type { Booking, CancellationPolicy } from '@app/shared/schemas/bookings';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingRole } from '../api/keys';
import { BOOKING_MODALS } from '../lib/modals';
import { BOOKING_ID, makeBooking, mockApi, renderBooking } from '../lib/test-utils';
import { BookingDialogs } from './booking-dialogs';

const policyPath = `GET /api/appointment/policy/${BOOKING_ID}/cancellation`;

function policy(overrides: Partial<CancellationPolicy> = {}): CancellationPolicy {
  return {
    bookingIdentifier: BOOKING_ID,
    canCancel: true,
    reason: null,
    isRefundable: true,
    refundAmount: 1_500_000,
    currencyCode: 'NGN',
    noRefundWindowHours: 48,
    refundableUntil: '2027-03-15T08:00:00.000Z',
    ...overrides,
  };
}

function cancelled(booking: Booking, refundStatus: 'refunded' | 'none' | 'not_paid', by: BookingRole): Booking {
  return {
    ...booking,
    status: 'cancelled',
    previousStatus: booking.status,
    cancellation: {
      cancelledBy: by,
      reason: 'Unwell',
      refundStatus,
      refundMinor: refundStatus === 'refunded' ? booking.priceMinor : 0,
      cancelledAt: '2027-03-02T09:00:00.000Z',
    },
  };
}

function open(party: BookingRole, booking: Booking, language: 'en' | 'de' = 'en') {
  renderBooking(<BookingDialogs party={party} />, {
    language,
    openModal: { name: BOOKING_MODALS.cancel, props: { booking } },
  });
}

async function cancelWithReason(reason = 'Unwell') {
  const user = userEvent.setup();
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByLabelText('Reason for cancelling'), reason);
  await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
  return dialog;
}

afterEach(() => vi.unstubAllGlobals());

describe('CancelDialog', () => {
  it('client, more than 48 hours ahead: the no-refund warning, the refund, a required reason, then the refund outcome', async () => {
    const booking = makeBooking();
    const { calls } = mockApi({
      [policyPath]: [200, policy()],
      [`POST /api/booking/${BOOKING_ID}/cancel`]: [200, cancelled(booking, 'refunded', 'client')],
    });
    open('client', booking);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    expect(within(dialog).getByText('Cancelling within 48 hours of the appointment gives no refund.')).toBeVisible();
    expect(await within(dialog).findByTestId('cancel-outcome')).toHaveTextContent(
      'If you cancel now, ₦15,000.00 goes back to your wallet at once.',
    );
    expect(within(dialog).getByRole('link', { name: 'Read the client cancellation policy' })).toHaveAttribute(
      'href',
      '/policy/client-cancellation/',
    );

    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(await within(dialog).findByText('Please tell us why you are cancelling')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await cancelWithReason();
    expect(
      await within(dialog).findByText(
        'Your appointment has been cancelled and ₦15,000.00 has been refunded to your wallet.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByText('The therapist will be notified.')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/api/booking/${BOOKING_ID}/cancel`,
      body: { note: 'Unwell' },
    });
  });

  it('client, within 48 hours of a paid appointment: no refund, said before and after', async () => {
    const booking = makeBooking();
    mockApi({
      [policyPath]: [200, policy({ isRefundable: false, refundAmount: 0 })],
      [`POST /api/booking/${BOOKING_ID}/cancel`]: [200, cancelled(booking, 'none', 'client')],
    });
    open('client', booking);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    expect(await within(dialog).findByTestId('cancel-outcome')).toHaveTextContent(
      'This appointment is less than 48 hours away: if you cancel now, you will not get a refund.',
    );
    await cancelWithReason();
    expect(
      await within(dialog).findByText(
        'Your appointment has been cancelled. As it was within 48 hours of the appointment, no refund was given.',
      ),
    ).toBeVisible();
  });

  it('client, a pending request not paid yet: the request is cancelled', async () => {
    const booking = makeBooking({ status: 'pending', isPaid: false, paymentMethod: null });
    mockApi({
      [policyPath]: [200, policy({ isRefundable: false, refundAmount: 0 })],
      [`POST /api/booking/${BOOKING_ID}/cancel`]: [200, cancelled(booking, 'not_paid', 'client')],
    });
    open('client', booking);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    expect(await within(dialog).findByTestId('cancel-outcome')).toHaveTextContent(
      'Nothing has been paid for this booking, so there is nothing to refund.',
    );
    await cancelWithReason();
    expect(await within(dialog).findByText('Your booking request has been cancelled.')).toBeVisible();
  });

  it('provider: the client always gets everything back, and will be notified', async () => {
    const booking = makeBooking();
    const { calls } = mockApi({
      [policyPath]: [200, policy()],
      [`POST /api/appointment/${BOOKING_ID}/cancel`]: [200, cancelled(booking, 'refunded', 'provider')],
    });
    open('provider', booking);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment with client' });
    expect(within(dialog).queryByText('Cancelling within 48 hours of the appointment gives no refund.')).toBeNull();
    expect(await within(dialog).findByTestId('cancel-outcome')).toHaveTextContent(
      'The client gets the full amount of ₦15,000.00 back in their wallet.',
    );
    expect(within(dialog).getByRole('link', { name: 'Read the provider cancellation policy' })).toHaveAttribute(
      'href',
      '/policy/provider-cancellation/',
    );
    await cancelWithReason();
    expect(
      await within(dialog).findByText(
        "The appointment has been cancelled and ₦15,000.00 has been refunded to the client's wallet.",
      ),
    ).toBeVisible();
    expect(within(dialog).getByText('The client will be notified.')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.path).toBe(`/api/appointment/${BOOKING_ID}/cancel`);
  });

  it('shows why a booking can no longer be cancelled and disables the button', async () => {
    mockApi({ [policyPath]: [200, policy({ canCancel: false, reason: 'BOOKING_NOT_CANCELLABLE' })] });
    open('client', makeBooking());
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    expect(await within(dialog).findByText('This booking can no longer be cancelled')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Cancel appointment' })).toBeDisabled();
  });

  it('shows the server message of a failed cancel as a toast', async () => {
    mockApi({
      [policyPath]: [200, policy()],
      [`POST /api/booking/${BOOKING_ID}/cancel`]: [
        409,
        { message: 'This booking can no longer be cancelled', code: 'BOOKING_NOT_CANCELLABLE' },
      ],
    });
    open('client', makeBooking());
    await screen.findByRole('dialog', { name: 'Cancel appointment' });
    await cancelWithReason();
    expect(await screen.findByText('This booking can no longer be cancelled')).toBeVisible();
  });

  it('speaks German', async () => {
    mockApi({ [policyPath]: [200, policy()] });
    open('client', makeBooking(), 'de');
    const dialog = await screen.findByRole('dialog', { name: 'Termin stornieren' });
    expect(
      within(dialog).getByText('Wenn du weniger als 48 Stunden vor dem Termin stornierst, gibt es keine Erstattung.'),
    ).toBeVisible();
    expect(await within(dialog).findByTestId('cancel-outcome')).toHaveTextContent(
      'Wenn du jetzt stornierst, werden 15.000,00 ₦ sofort deinem Guthaben gutgeschrieben.',
    );
  });
});
