import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { PROFILE_MODALS } from '../lib/modals';
import { FeeDialog } from './fee-dialog';

const answer = (fee: number, isFree: boolean) => ({ general: { fee, isFree, currencyCode: 'NGN' }, therapy: [] });

function setup(current: { fee: number; isFree: boolean } | null = null) {
  const api = mockApi({
    'POST /api/provider/booking-fee/general': ({ body }) => {
      const { fee, isFree } = body as { fee: number; isFree: boolean };
      return [200, answer(fee, isFree)];
    },
  });
  renderWithProviders(<FeeDialog currency="NGN" current={current} />, { openModal: PROFILE_MODALS.fee });
  const input = screen.getByRole('textbox', { name: 'Fixed fee per session (NGN)' });
  return { ...api, input };
}

afterEach(() => vi.unstubAllGlobals());

describe('FeeDialog ("therapy fees")', () => {
  it('shows the SPEC texts: title, Mark as free and Proceed', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'therapy fees' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Mark as free' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeInTheDocument();
  });

  it('accepts digits only', async () => {
    const { input } = setup();
    await userEvent.type(input, '12a3.5-0,0');
    expect(input).toHaveValue('123500');
    expect(screen.getByText('Clients pay ₦123,500.00 per session.')).toBeInTheDocument();
  });

  it('sends the amount in minor units (× 100) and says "Fee Successfully Saved"', async () => {
    const { input, calls } = setup();
    await userEvent.type(input, '15000');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Fee Successfully Saved')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/provider/booking-fee/general', body: { fee: 1_500_000, isFree: false } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Mark as free sets the fee to 0, locks the input and sends isFree', async () => {
    const { input, calls } = setup({ fee: 500_000, isFree: false });
    expect(input).toHaveValue('5000');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Mark as free' }));
    expect(input).toHaveValue('0');
    expect(input).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    await screen.findByText('Fee Successfully Saved');
    expect(calls[0]?.body).toEqual({ fee: 0, isFree: true });
  });

  it('asks for an amount unless free, and sends nothing', async () => {
    const { calls } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
    expect(calls).toHaveLength(0);
  });

  it('refuses more than the largest fee', async () => {
    const { input, calls } = setup();
    await userEvent.type(input, '10000001');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The fee must not exceed ₦10,000,000.00');
    expect(calls).toHaveLength(0);
  });

  it('shows a server field error on the amount', async () => {
    mockApi({
      'POST /api/provider/booking-fee/general': [
        400,
        {
          message: 'Some fields are not valid',
          code: 'VALIDATION_FAILED',
          fieldErrors: { fee: ['Must be at most 1000000000'] },
        },
      ],
    });
    renderWithProviders(<FeeDialog currency="GBP" current={null} />, { openModal: PROFILE_MODALS.fee });
    await userEvent.type(screen.getByRole('textbox', { name: 'Fixed fee per session (GBP)' }), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Must be at most 1000000000');
  });

  it('shows a server message as a toast and keeps the dialog open', async () => {
    mockApi({
      'POST /api/provider/booking-fee/general': [
        400,
        { message: 'Currency not found for country code', code: 'CURRENCY_NOT_FOUND' },
      ],
    });
    renderWithProviders(<FeeDialog currency="NGN" current={null} />, { openModal: PROFILE_MODALS.fee });
    await userEvent.type(screen.getByRole('textbox', { name: 'Fixed fee per session (NGN)' }), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Currency not found for country code')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
