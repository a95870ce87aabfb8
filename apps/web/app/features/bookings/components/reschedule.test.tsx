import type { Booking, ReschedulePolicy } from '@app/shared/schemas/bookings';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingRole } from '../api/keys';
import { BOOKING_MODALS } from '../lib/modals';
import { BOOKING_ID, calendarAnswers, makeBooking, mockApi, renderBooking } from '../lib/test-utils';
import { BookingActions } from './booking-actions';
import { BookingDialogs } from './booking-dialogs';

const NOW = new Date('2027-03-10T12:00:00Z').getTime();
const policyPath = `GET /api/appointment/policy/${BOOKING_ID}/reschedule`;

function policy(overrides: Partial<ReschedulePolicy> = {}): ReschedulePolicy {
  return {
    bookingIdentifier: BOOKING_ID,
    canReschedule: true,
    reason: null,
    needsApproval: false,
    remainingReschedule: 2,
    remainingClientReschedule: 2,
    remainingProviderReschedule: 2,
    approvalWindowHours: 48,
    ...overrides,
  };
}

function openDialog(party: BookingRole, booking: Booking) {
  renderBooking(<BookingDialogs party={party} />, {
    openModal: { name: BOOKING_MODALS.reschedule, props: { booking } },
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reschedule limit', () => {
  it('disables the client Reschedule button at 0 with "Rescheduling limit reached"', () => {
    mockApi({});
    const booking = makeBooking({
      rescheduleInfo: { ...makeBooking().rescheduleInfo, remainingClientReschedule: 0 },
    });
    renderBooking(<BookingActions booking={booking} party="client" now={NOW} />);
    const button = screen.getByRole('button', { name: 'Reschedule' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Rescheduling limit reached');
    // Cancelling is still possible.
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('counts each party separately: the provider can still reschedule when the client cannot', () => {
    mockApi({});
    const booking = makeBooking({
      rescheduleInfo: { ...makeBooking().rescheduleInfo, remainingClientReschedule: 0 },
    });
    renderBooking(<BookingActions booking={booking} party="provider" now={NOW} />);
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    expect(screen.queryByText('Rescheduling limit reached')).toBeNull();
  });

  it('the dialog says so too and cannot be sent', async () => {
    mockApi({
      ...calendarAnswers(),
      [policyPath]: [200, policy({ canReschedule: false, reason: 'RESCHEDULE_LIMIT_REACHED', remainingReschedule: 0 })],
    });
    openDialog('provider', makeBooking());
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment with client' });
    expect(await within(dialog).findByText('Rescheduling limit reached')).toBeVisible();
    expect(within(dialog).getByTestId('reschedule-remaining')).toHaveTextContent(
      'You can reschedule this appointment 0 more times.',
    );
    expect(within(dialog).getByRole('button', { name: 'Reschedule appointment' })).toBeDisabled();
  });
});

describe('RescheduleDialog', () => {
  it('client, more than 48 hours ahead: moves at once — APPOINTMENT RESCHEDULED SUCCESSFULLY', async () => {
    const booking = makeBooking();
    const moved = makeBooking({
      startAt: '2027-03-12T10:00:00.000Z',
      endAt: '2027-03-12T11:00:00.000Z',
      rescheduleInfo: {
        ...booking.rescheduleInfo,
        status: 'accepted',
        remainingClientReschedule: 1,
        requestedBy: 'client',
      },
    });
    const { calls } = mockApi({
      ...calendarAnswers(),
      [policyPath]: [200, policy()],
      [`POST /api/booking/${BOOKING_ID}/reschedule`]: [200, moved],
    });
    openDialog('client', booking);
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
    expect(within(dialog).getByTestId('reschedule-remaining')).toHaveTextContent(
      'You can reschedule this appointment 2 more times.',
    );
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule appointment' }));
    expect(await within(dialog).findByText('Please select a time slot')).toBeVisible();

    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM – 11:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule appointment' }));
    expect(await within(dialog).findByText('APPOINTMENT RESCHEDULED SUCCESSFULLY')).toBeVisible();
    expect(within(dialog).getByText('The therapist will be notified.')).toBeVisible();
    expect(within(dialog).getByText(/^New time: .*12 March 2027, 10:00 AM – 11:00 AM$/)).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/api/booking/${BOOKING_ID}/reschedule`,
      body: { timeslotIdentifier: 'slot-10', note: null },
    });
  });

  it('provider, within 48 hours: warns that the client must confirm, then says the request waits for them', async () => {
    const booking = makeBooking({ startAt: '2027-03-11T09:00:00.000Z', endAt: '2027-03-11T10:00:00.000Z' });
    const requested = makeBooking({
      ...booking,
      rescheduleInfo: {
        ...booking.rescheduleInfo,
        status: 'pending',
        requestedBy: 'provider',
        proposedStartAt: '2027-03-12T09:00:00.000Z',
        proposedEndAt: '2027-03-12T10:00:00.000Z',
      },
    });
    mockApi({
      ...calendarAnswers(),
      [policyPath]: [200, policy({ needsApproval: true })],
      [`POST /api/appointment/${BOOKING_ID}/reschedule`]: [200, requested],
    });
    openDialog('provider', booking);
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment with client' });
    expect(
      await within(dialog).findByText(
        'This appointment is less than 48 hours away, so the client must confirm the new time before the appointment changes.',
      ),
    ).toBeVisible();
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('radio', { name: '9:00 AM – 10:00 AM' }));
    await user.type(within(dialog).getByLabelText('Reason for rescheduling (optional)'), 'Clinic closed');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule appointment' }));
    expect(
      await within(dialog).findByText(
        'Your request has been sent. The client must confirm the new time before the appointment changes.',
      ),
    ).toBeVisible();
    expect(within(dialog).queryByText('APPOINTMENT RESCHEDULED SUCCESSFULLY')).toBeNull();
    expect(within(dialog).getByText('The client will be notified.')).toBeVisible();
  });

  it('a taken slot shows the server message and clears the choice', async () => {
    mockApi({
      ...calendarAnswers(),
      [policyPath]: [200, policy()],
      [`POST /api/booking/${BOOKING_ID}/reschedule`]: [
        409,
        { message: 'Someone else has just booked this time slot. Please choose another one.', code: 'SLOT_TAKEN' },
      ],
    });
    openDialog('client', makeBooking());
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('radio', { name: '9:00 AM – 10:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule appointment' }));
    expect(
      await screen.findByText('Someone else has just booked this time slot. Please choose another one.'),
    ).toBeVisible();
    expect(within(dialog).getByText('No time chosen yet.')).toBeVisible();
  });
});

describe('a reschedule waiting for an answer', () => {
  it('the other party accepts or keeps the current time', async () => {
    const booking = makeBooking({
      rescheduleInfo: {
        ...makeBooking().rescheduleInfo,
        status: 'pending',
        requestedBy: 'provider',
        proposedStartAt: '2027-03-12T09:00:00.000Z',
        proposedEndAt: '2027-03-12T10:00:00.000Z',
      },
    });
    const { calls } = mockApi({
      [`POST /api/booking/reschedule/${BOOKING_ID}/accept`]: [200, makeBooking()],
    });
    renderBooking(<BookingActions booking={booking} party="client" now={NOW} />);
    expect(
      await screen.findByText(/^Chiamaka Eze asked to move this appointment to .*12 March 2027, 9:00 AM – 10:00 AM\.$/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Accept new time' }));
    expect(await screen.findByText('The appointment has been moved to the new time.')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/accept'))).toBe(true);
  });

  it('the provider answers with reschedule-update', async () => {
    const booking = makeBooking({
      rescheduleInfo: {
        ...makeBooking().rescheduleInfo,
        status: 'pending',
        requestedBy: 'client',
        proposedStartAt: '2027-03-12T09:00:00.000Z',
        proposedEndAt: '2027-03-12T10:00:00.000Z',
      },
    });
    const { calls } = mockApi({ [`POST /api/appointment/${BOOKING_ID}/reschedule-update`]: [200, makeBooking()] });
    renderBooking(<BookingActions booking={booking} party="provider" now={NOW} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Keep current time' }));
    expect(await screen.findByText('The appointment stays at its current time.')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ status: 'rejected' });
  });
});
