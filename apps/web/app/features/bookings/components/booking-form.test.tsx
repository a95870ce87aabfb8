import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUDIO_CALL_ID,
  INDIVIDUAL_THERAPY_ID,
  makeBooking,
  makeProvider,
  mockApi,
  PROVIDER_ID,
  renderBooking,
} from '../lib/test-utils';
import { BookingForm } from './booking-form';

const provider = makeProvider({ headline: 'Clinical Psychologist', timezone: 'Africa/Lagos' });

afterEach(() => vi.unstubAllGlobals());

describe('BookingForm', () => {
  it('asks for a modality and a therapy and keeps the note to 400 characters, before any call', async () => {
    const { calls } = mockApi({});
    const onCreated = vi.fn();
    renderBooking(<BookingForm provider={provider} onCreated={onCreated} />);
    const user = userEvent.setup();

    const form = within(screen.getByRole('form'));
    expect(form.getByText('₦15,000.00 per session')).toBeInTheDocument();
    expect(form.getByText('Free')).toBeInTheDocument();
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
      modalityIdentifier: AUDIO_CALL_ID,
      therapyIdentifier: INDIVIDUAL_THERAPY_ID,
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

  it("shows the chosen therapy's own fee in the summary, the general fee before a choice", async () => {
    mockApi({});
    const ownFee = { amount: 2_250_000, isFree: false, currencyCode: 'NGN' };
    const withOwnFee = makeProvider({
      therapies: [{ ...provider.therapies[0], fee: ownFee }, provider.therapies[1]] as typeof provider.therapies,
    });
    renderBooking(<BookingForm provider={withOwnFee} onCreated={vi.fn()} />);
    const user = userEvent.setup();
    const summary = screen.getByTestId('booking-fee');
    expect(summary).toHaveTextContent('₦15,000.00 per session');

    await user.click(screen.getByRole('radio', { name: /Individual Therapy/ }));
    expect(summary).toHaveTextContent('₦22,500.00 per session');
    await user.click(screen.getByRole('radio', { name: /Couples Therapy/ }));
    expect(summary).toHaveTextContent('Free');
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
