import type { Booking } from '@app/shared/schemas/bookings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MODALS } from '../lib/modals';
import {
  AUDIO_CALL_ID,
  CLIENT_ID,
  COUPLES_THERAPY_ID,
  calendarAnswers,
  INDIVIDUAL_THERAPY_ID,
  makeBooking,
  makeProvider,
  mockApi,
  PROVIDER_ID,
  renderBooking,
  VIDEO_SESSION_ID,
} from '../lib/test-utils';
import { BookingDialogs } from './booking-dialogs';

const NOW = new Date('2027-03-10T12:00:00Z').getTime();
const provider = makeProvider();

/** The appointment the dialog is opened from; its therapy and session type are no longer offered. */
const source = makeBooking({
  therapyCategory: { identifier: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', name: 'Old therapy' },
  modality: { identifier: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a', key: 'in-person', name: 'In person' },
});

function openDialog(booking: Booking = source) {
  renderBooking(<BookingDialogs party="provider" />, {
    openModal: { name: BOOKING_MODALS.bookForClient, props: { booking } },
  });
  return screen.findByRole('dialog', { name: 'Book a session for Ada Okafor' });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BookForClientDialog', () => {
  it('shows every validation message of the shared schema and calls nothing', async () => {
    const { calls } = mockApi({ ...calendarAnswers(), [`GET /api/providers/${PROVIDER_ID}`]: [200, provider] });
    const dialog = await openDialog();
    const user = userEvent.setup();
    expect(
      within(dialog).getByText(
        'Ada Okafor is asked to accept the session. We hold the time for them for 24 hours, never past the start.',
      ),
    ).toBeVisible();
    await user.click(await within(dialog).findByLabelText('Note for the client (optional)'));
    await user.paste('x'.repeat(401));
    await user.click(within(dialog).getByRole('button', { name: 'Book session' }));

    expect(await within(dialog).findByText('Please select a therapy')).toBeVisible();
    expect(within(dialog).getByText('Please select a modality')).toBeVisible();
    expect(within(dialog).getByText('Please select a time slot')).toBeVisible();
    expect(within(dialog).getByText('Note must not exceed 400 characters')).toBeVisible();
    expect(within(dialog).getAllByRole('alert')).toHaveLength(4);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    // Choosing a time clears its message.
    await user.click(await within(dialog).findByRole('radio', { name: '9:00 AM – 10:00 AM' }));
    await waitFor(() => expect(within(dialog).queryByText('Please select a time slot')).toBeNull());
  });

  it('books the session with POST /appointment, says so and closes', async () => {
    const created = makeBooking({
      identifier: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
      status: 'pending',
      isPaid: false,
      paymentMethod: null,
      createdBy: 'provider',
      participantStatus: 'awaiting',
    });
    const { calls } = mockApi({
      ...calendarAnswers(),
      [`GET /api/providers/${PROVIDER_ID}`]: [200, provider],
      'POST /api/appointment': [200, created],
    });
    const dialog = await openDialog();
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('radio', { name: /Couples Therapy/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Audio Call' }));
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM – 11:00 AM' }));
    expect(within(dialog).getByText(/^Chosen: .*12 March 2027, 10:00 AM – 11:00 AM$/)).toBeVisible();
    await user.type(within(dialog).getByLabelText('Note for the client (optional)'), 'Follow-up');
    await user.click(within(dialog).getByRole('button', { name: 'Book session' }));

    expect(await screen.findByText('Session booked. Ada Okafor has been asked to accept it.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/appointment',
      body: {
        clientIdentifier: CLIENT_ID,
        modalityIdentifier: AUDIO_CALL_ID,
        therapyIdentifier: COUPLES_THERAPY_ID,
        timeslotIdentifier: 'slot-10',
        note: 'Follow-up',
      },
    });
  });

  it("starts from the appointment's therapy and session type when still offered", async () => {
    const { calls } = mockApi({
      ...calendarAnswers(),
      [`GET /api/providers/${PROVIDER_ID}`]: [200, provider],
      'POST /api/appointment': [200, makeBooking()],
    });
    const dialog = await openDialog(makeBooking());
    const user = userEvent.setup();
    expect(await within(dialog).findByRole('radio', { name: /Individual Therapy/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Video Session' })).toBeChecked();
    await user.click(await within(dialog).findByRole('radio', { name: '9:00 AM – 10:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Book session' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      therapyIdentifier: INDIVIDUAL_THERAPY_ID,
      modalityIdentifier: VIDEO_SESSION_ID,
      timeslotIdentifier: 'slot-9',
      note: null,
    });
  });

  it("shows the server's refusal: not one of the provider's clients, a taken time", async () => {
    let answer: [number, unknown] = [
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'Please check the form',
        fieldErrors: { clientIdentifier: ['This person is not one of your clients'] },
      },
    ];
    mockApi({
      ...calendarAnswers(),
      [`GET /api/providers/${PROVIDER_ID}`]: [200, provider],
      'POST /api/appointment': () => answer,
    });
    const dialog = await openDialog(makeBooking());
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('radio', { name: '9:00 AM – 10:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Book session' }));
    expect(await within(dialog).findByText('This person is not one of your clients')).toHaveAttribute('role', 'alert');

    answer = [
      409,
      { code: 'SLOT_TAKEN', message: 'Someone else has just booked this time slot. Please choose another one.' },
    ];
    await user.click(within(dialog).getByRole('button', { name: 'Book session' }));
    expect(
      await screen.findByText('Someone else has just booked this time slot. Please choose another one.'),
    ).toBeVisible();
    expect(within(dialog).getByText('No time chosen yet.')).toBeVisible();
  });
});
