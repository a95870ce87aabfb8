import type { Booking } from '@app/shared/schemas/bookings';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MODALS } from '../lib/modals';
import { BOOKING_ID, makeBooking, mockApi, renderBooking } from '../lib/test-utils';
import { BookingDialogs } from './booking-dialogs';

const declinePath = `POST /api/appointment/participant/${BOOKING_ID}/reject-booking`;

function declined(booking: Booking): Booking {
  const paid = booking.isPaid && booking.priceMinor > 0;
  return {
    ...booking,
    status: 'rejected',
    previousStatus: booking.status,
    participantStatus: 'rejected',
    cancellation: {
      cancelledBy: 'provider',
      reason: 'Not my speciality',
      refundStatus: paid ? 'refunded' : 'not_paid',
      refundMinor: paid ? booking.priceMinor : 0,
      cancelledAt: '2027-03-02T09:00:00.000Z',
    },
  };
}

function open(booking: Booking, language: 'en' | 'de' = 'en') {
  renderBooking(<BookingDialogs party="provider" />, {
    language,
    openModal: { name: BOOKING_MODALS.decline, props: { booking } },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('DeclineDialog', () => {
  it('asks first, says the paid fee goes back, needs a reason, then declines with it', async () => {
    const client = { identifier: 'c1', name: "Ngozi-Ann O'Brien", photo: null };
    const booking = makeBooking({ client });
    const { calls } = mockApi({ [declinePath]: [200, declined(booking)] });
    open(booking);
    const dialog = await screen.findByRole('dialog', { name: 'Decline this session?' });
    expect(within(dialog).getByTestId('decline-money')).toHaveTextContent(
      "Ngozi-Ann O'Brien paid ₦15,000.00. It goes back to their wallet in full, at once.",
    );
    expect(within(dialog).getByText(/Declining is final/)).toBeVisible();

    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Decline the session' }));
    expect(await within(dialog).findByText('Please tell the client why you decline the session')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Reason \(sent to Ngozi-Ann O'Brien\)/), 'Not my speciality');
    await user.click(within(dialog).getByRole('button', { name: 'Decline the session' }));
    expect(await within(dialog).findByText('The session has been declined.')).toBeVisible();
    expect(within(dialog).getByText("₦15,000.00 has been refunded to Ngozi-Ann O'Brien's wallet.")).toBeVisible();
    expect(within(dialog).getByText('The client will be notified.')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/api/appointment/participant/${BOOKING_ID}/reject-booking`,
      body: { note: 'Not my speciality' },
    });
  });

  it('in German, for a session not paid yet: nothing is charged', async () => {
    const booking = makeBooking({ status: 'pending', isPaid: false, paymentMethod: null });
    mockApi({ [declinePath]: [200, declined(booking)] });
    open(booking, 'de');
    const dialog = await screen.findByRole('dialog', { name: 'Diese Sitzung ablehnen?' });
    expect(within(dialog).getByTestId('decline-money')).toHaveTextContent(
      'Ada Okafor hat für diese Sitzung noch nichts bezahlt, es wird also nichts berechnet.',
    );
    expect(within(dialog).getByRole('button', { name: 'Sitzung behalten' })).toBeVisible();
  });

  it('a free session: no money moves', async () => {
    const booking = makeBooking({ priceMinor: 0 });
    mockApi({});
    open(booking);
    const dialog = await screen.findByRole('dialog', { name: 'Decline this session?' });
    expect(within(dialog).getByTestId('decline-money')).toHaveTextContent('This session is free: no money moves.');
  });
});
