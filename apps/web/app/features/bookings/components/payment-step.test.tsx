import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBooking, mockApi, PROVIDER_ID, renderBooking } from '../lib/test-utils';
import { ChooseAnotherTime } from './choose-another-time';
import { HoldCountdown, timeLeft } from './hold-countdown';
import { RefundTerms } from './refund-terms';

const NOW = Date.parse('2027-03-10T12:00:00Z');
const H = 3_600_000;
const startingIn = (hours: number) =>
  makeBooking({
    status: 'pending',
    isPaid: false,
    startAt: new Date(NOW + hours * H).toISOString(),
    endAt: new Date(NOW + (hours + 1) * H).toISOString(),
  });

afterEach(() => vi.unstubAllGlobals());

describe('the payment step', () => {
  it("states the exact refund deadline in the client's zone before paying", async () => {
    // Starts Saturday 13 March 2027, 13:00 in Lagos: free cancellation until Thursday 11 March, 1:00 PM.
    renderBooking(<RefundTerms booking={startingIn(72)} zone="Africa/Lagos" now={NOW} />);
    const terms = await screen.findByTestId('refund-terms');
    expect(terms).toHaveAttribute('data-refundable', 'true');
    expect(terms).toHaveTextContent(
      'Free cancellation until Thursday, 11 March 2027, 1:00 PM (Africa/Lagos time): cancel before then and the full ₦15,000.00 goes back to your wallet.',
    );
  });

  it('says plainly that a session less than 48 hours away cannot be refunded, in German too', async () => {
    renderBooking(<RefundTerms booking={startingIn(30)} zone="Europe/Berlin" now={NOW} />, { language: 'de' });
    const terms = await screen.findByTestId('refund-terms');
    expect(terms).toHaveAttribute('data-refundable', 'false');
    expect(terms).toHaveTextContent(
      'Diese Sitzung beginnt in weniger als 48 Stunden und kann daher nicht erstattet werden',
    );
  });

  it('never shows a deadline that has passed while the page was open', async () => {
    const booking = startingIn(48.01);
    const { rerender } = renderBooking(<RefundTerms booking={booking} zone="Africa/Lagos" now={NOW} />);
    expect(await screen.findByTestId('refund-terms')).toHaveAttribute('data-refundable', 'true');
    rerender(<RefundTerms booking={booking} zone="Africa/Lagos" now={NOW + 60_000} />);
    expect(await screen.findByText(/cannot be refunded/)).toBeVisible();
  });

  it('counts the hold down by the second and never below zero', async () => {
    expect(timeLeft(NOW + 14 * 60_000 + 5_000, NOW)).toBe('14:05');
    expect(timeLeft(NOW + 900, NOW)).toBe('0:01');
    expect(timeLeft(NOW - 5_000, NOW)).toBe('0:00');
    const holdExpiresAt = new Date(NOW + 15 * 60_000).toISOString();
    const { rerender } = renderBooking(<HoldCountdown holdExpiresAt={holdExpiresAt} zone="Africa/Lagos" now={NOW} />);
    expect(await screen.findByTestId('hold-countdown')).toHaveTextContent(
      'This time is held for you for another 15:00 min (until 1:15 PM).',
    );
    rerender(<HoldCountdown holdExpiresAt={holdExpiresAt} zone="Africa/Lagos" now={NOW + 61_000} />);
    expect(screen.getByTestId('hold-countdown')).toHaveTextContent('another 13:59 min');
  });

  it('offers another time after the hold, keeping the therapy, session type and note', async () => {
    const lapsed = makeBooking({ status: 'expired', isPaid: false, note: "Sleep, after my father's death" });
    const fresh = makeBooking({ identifier: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', status: 'pending', startAt: null });
    const { calls } = mockApi({ 'POST /api/booking': [201, fresh] });
    const onCreated = vi.fn();
    renderBooking(<ChooseAnotherTime booking={lapsed} onCreated={onCreated} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Choose another time' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(fresh));
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/booking',
        body: {
          providerIdentifier: PROVIDER_ID,
          modalityIdentifier: lapsed.modality?.identifier,
          therapyIdentifier: lapsed.therapyCategory?.identifier,
          note: "Sleep, after my father's death",
        },
      }),
    );
  });
});
