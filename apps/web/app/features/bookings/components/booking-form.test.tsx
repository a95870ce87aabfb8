import type { PublicProvider } from '@app/shared/schemas/bookings';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBooking, mockApi, PROVIDER_ID, renderBooking } from '../test-utils';
import { BookingForm } from './booking-form';

const VIDEO = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const AUDIO = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const INDIVIDUAL = '9f0e1d2c-3b4a-4958-8776-655443322110';
const COUPLES = '8e9f0a1b-2c3d-4e5f-8a7b-6c5d4e3f2a1b';

const fee = { amount: 1_500_000, isFree: false, currencyCode: 'NGN' };
const provider: PublicProvider = {
  identifier: PROVIDER_ID,
  name: 'Chiamaka Eze',
  firstName: 'Chiamaka',
  lastName: 'Eze',
  title: 'Dr',
  photo: null,
  headline: 'Clinical Psychologist',
  countryCode: 'NG',
  fee,
  visitorCurrencyCode: 'NGN',
  nextAvailableAt: null,
  bio: null,
  timezone: 'Africa/Lagos',
  sessionMinutes: 60,
  setupType: 'GENERAL',
  modalities: [
    { identifier: VIDEO, key: 'video-session', name: 'Video Session' },
    { identifier: AUDIO, key: 'audio-call', name: 'Audio Call' },
  ],
  therapies: [
    { identifier: INDIVIDUAL, key: 'individual-therapy', name: 'Individual Therapy', fee },
    { identifier: COUPLES, key: 'couples-therapy', name: 'Couples Therapy', fee: { ...fee, amount: 0, isFree: true } },
  ],
  specialities: [],
  rating: null,
  reviewCount: 0,
};

afterEach(() => vi.unstubAllGlobals());

describe('BookingForm', () => {
  it('asks for a modality and a therapy and keeps the note to 400 characters, before any call', async () => {
    const { calls } = mockApi({});
    const onCreated = vi.fn();
    renderBooking(<BookingForm provider={provider} onCreated={onCreated} />);
    const user = userEvent.setup();

    expect(screen.getByText('₦15,000.00 per session')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    const note = screen.getByLabelText('Note for your therapist (optional)');
    await user.click(note);
    await user.paste('x'.repeat(401));
    expect(screen.getByText(/401\/400 characters/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to choose a time' }));

    expect(await screen.findByText('Please select a modality')).toBeInTheDocument();
    expect(screen.getByText('Please select a therapy')).toBeInTheDocument();
    expect(screen.getByText('Note must not exceed 400 characters')).toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('sends POST /booking and hands the pending booking on', async () => {
    const booking = makeBooking({ status: 'pending', startAt: null, endAt: null, isPaid: false });
    const { calls } = mockApi({ 'POST /api/booking': [200, booking] });
    const onCreated = vi.fn();
    renderBooking(<BookingForm provider={provider} onCreated={onCreated} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('radio', { name: 'Audio Call' }));
    await user.click(screen.getByRole('radio', { name: /Individual Therapy/ }));
    await user.type(screen.getByLabelText('Note for your therapist (optional)'), '  Stress at work  ');
    await user.click(screen.getByRole('button', { name: 'Continue to choose a time' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(booking));
    expect(calls[0]?.body).toEqual({
      providerIdentifier: PROVIDER_ID,
      modalityIdentifier: AUDIO,
      therapyIdentifier: INDIVIDUAL,
      note: 'Stress at work',
    });
  });

  it('puts the server field errors on their fields', async () => {
    mockApi({
      'POST /api/booking': [
        400,
        {
          message: 'This therapist does not offer this modality',
          code: 'VALIDATION_FAILED',
          fieldErrors: { modalityIdentifier: ['This therapist does not offer this modality'] },
        },
      ],
    });
    renderBooking(<BookingForm provider={provider} onCreated={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Video Session' }));
    await user.click(screen.getByRole('radio', { name: /Couples Therapy/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to choose a time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This therapist does not offer this modality');
  });

  it('speaks German', async () => {
    mockApi({});
    renderBooking(<BookingForm provider={provider} onCreated={vi.fn()} />, { language: 'de' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Weiter zur Terminwahl' }));
    expect(await screen.findByText('Bitte wähle eine Sitzungsform')).toBeInTheDocument();
    expect(screen.getByText('Bitte wähle eine Therapie')).toBeInTheDocument();
  });
});
