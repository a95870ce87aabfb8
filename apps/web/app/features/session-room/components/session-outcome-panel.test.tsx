import type { SessionOutcomeAnswer } from '@app/shared/schemas/session-room';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { SessionOutcomePanel, type SlotPicker } from './session-outcome-panel';

const BOOKING = '11111111-1111-4111-8111-111111111111';
const REPLACEMENT = '22222222-2222-4222-8222-222222222222';

function outcome(overrides: Partial<SessionOutcomeAnswer> = {}): SessionOutcomeAnswer {
  return {
    bookingIdentifier: BOOKING,
    outcome: 'completed',
    decidedBy: 'system',
    decidedAt: '2027-03-02T11:15:00.000Z',
    hasRoom: true,
    refundMinor: 0,
    currencyCode: 'NGN',
    attendance: [
      { party: 'provider', joinedAt: '2027-03-02T09:58:00.000Z', leftAt: '2027-03-02T11:00:00.000Z', lost: false },
      { party: 'client', joinedAt: '2027-03-02T10:00:00.000Z', leftAt: '2027-03-02T10:20:00.000Z', lost: true },
    ],
    canMarkClientNoShow: false,
    rebook: { offered: false, priceMinor: null, until: null, bookingIdentifier: null },
    ...overrides,
  };
}

/** A stand-in for the bookings feature's calendar: one slot to pick. */
const picker: SlotPicker = ({ onChange, labelledBy }) => (
  <button
    type="button"
    aria-describedby={labelledBy}
    onClick={() =>
      onChange({
        identifier: 'slot-1',
        startTime: '09:00',
        endTime: '10:00',
        startAt: '2027-03-03T08:00:00.000Z',
        endAt: '2027-03-03T09:00:00.000Z',
      } as never)
    }
  >
    pick 3 March
  </button>
);

function show(party: 'client' | 'provider') {
  const Stub = createRoutesStub([
    {
      path: '/appointments/:id/',
      Component: () => (
        <SessionOutcomePanel
          bookingId={BOOKING}
          party={party}
          zone="Africa/Lagos"
          renderSlotPicker={picker}
          bookingPath={(id) => `/appointments/${id}/`}
        />
      ),
    },
    { path: `/appointments/${REPLACEMENT}/`, Component: () => <p>replacement page</p> },
  ]);
  return renderWithProviders(<Stub initialEntries={[`/appointments/${BOOKING}/`]} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('SessionOutcomePanel', () => {
  it('says what happened for the reader, with the refund and the join and leave times', async () => {
    mockApi({
      [`GET /api/booking/${BOOKING}/outcome`]: [
        200,
        outcome({ outcome: 'provider_no_show', refundMinor: 500_000, attendance: [] }),
      ],
    });
    show('client');
    expect(await screen.findByRole('heading', { name: 'What happened: Therapist did not attend' })).toBeVisible();
    expect(screen.getByText('Your therapist did not join.')).toBeVisible();
    expect(screen.getByText("₦5,000.00 was refunded in full to the client's wallet.")).toBeVisible();
    expect(screen.getByText('Nobody joined the session room.')).toBeVisible();
  });

  it('lists the stays in the reader zone, a lost connection said as such', async () => {
    mockApi({ [`GET /api/booking/${BOOKING}/outcome`]: [200, outcome()] });
    show('provider');
    const list = await screen.findByTestId('attendance');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Therapist: 10:58 AM – 12:00 PM', 'Client: 11:00 AM – 11:20 AM (connection lost)']);
    expect(screen.queryByTestId('mark-no-show')).toBeNull();
  });

  it('lets the provider record a client no-show after confirming', async () => {
    const { calls } = mockApi({
      [`GET /api/booking/${BOOKING}/outcome`]: [200, outcome({ outcome: 'interrupted', canMarkClientNoShow: true })],
      [`POST /api/appointment/${BOOKING}/client-no-show`]: [
        200,
        outcome({
          outcome: 'client_no_show',
          decidedBy: 'provider',
          rebook: { offered: false, priceMinor: 250_000, until: null, bookingIdentifier: null },
        }),
      ],
    });
    show('provider');
    await userEvent.click(await screen.findByRole('button', { name: 'Record a client no-show' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a client no-show?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record no-show' }));
    expect(await screen.findByRole('heading', { name: 'What happened: Client did not attend' })).toBeVisible();
    expect(screen.getByText('Recorded by the therapist.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets the client book a replacement at the price shown, then opens it', async () => {
    const { calls } = mockApi({
      [`GET /api/booking/${BOOKING}/outcome`]: [
        200,
        outcome({
          outcome: 'client_no_show',
          rebook: { offered: true, priceMinor: 250_000, until: '2027-03-04T11:00:00.000Z', bookingIdentifier: null },
        }),
      ],
      [`POST /api/booking/${BOOKING}/rebook`]: [200, { identifier: REPLACEMENT }],
    });
    show('client');
    expect(await screen.findByText('Possible until Thursday, 4 March 2027, 12:00 PM.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Book a replacement for ₦2,500.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a replacement session' });
    // Without a slot: the schema's words, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₦2,500.00 and book' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a time slot');
    await userEvent.click(within(dialog).getByRole('button', { name: 'pick 3 March' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₦2,500.00 and book' }));
    expect(await screen.findByText('replacement page')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      timeslotIdentifier: 'slot-1',
      acceptedPriceMinor: 250_000,
    });
  });

  it('shows the server words when the offer changed meanwhile', async () => {
    mockApi({
      [`GET /api/booking/${BOOKING}/outcome`]: [
        200,
        outcome({
          outcome: 'interrupted',
          rebook: { offered: true, priceMinor: 0, until: '2027-03-04T11:00:00.000Z', bookingIdentifier: null },
        }),
      ],
      [`POST /api/booking/${BOOKING}/rebook`]: [
        409,
        {
          code: 'REBOOK_PRICE_CHANGED',
          message: 'The replacement session now costs ₦2,500.00. Please check and confirm again.',
        },
      ],
    });
    show('client');
    await userEvent.click(await screen.findByRole('button', { name: 'Book a free replacement' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'pick 3 March' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book the replacement' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The replacement session now costs ₦2,500.00.');
  });
});
