import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useModals } from '#app/ui/modal-manager';
import { EARNINGS_MODALS } from '../lib/earnings-modals';
import { mockApi, renderWithProviders } from '../lib/test-utils';
import { PayoutDialog } from './payout-dialog';

function OpenPayout() {
  const modals = useModals();
  useEffect(() => modals.open(EARNINGS_MODALS.payout), [modals.open]);
  return null;
}

const PAYOUT = {
  identifier: '7d1c7f0e-8f43-4c5b-9a57-0d1a4e3b9c11',
  reference: 'po-1',
  amount: 1_000_000,
  currencyCode: 'NGN',
  status: 'pending',
  createdAt: '2027-03-01T09:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PayoutDialog', () => {
  it('proposes everything available and sends the amount × 100', async () => {
    const { calls } = mockApi({ 'POST /api/earnings/payouts': [200, PAYOUT] });
    renderWithProviders(
      <>
        <OpenPayout />
        <PayoutDialog currency="NGN" available={2_500_000} language="en" />
      </>,
    );
    const input = await screen.findByLabelText('Amount (NGN)');
    expect(input).toHaveValue('25,000');
    expect(screen.getByText('Available: ₦25,000.00')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '10000');
    await userEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ amount: 1_000_000 });
    expect(calls[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText('Payout of ₦10,000.00 requested')).toBeInTheDocument();
  });

  it('refuses more than is available before sending', async () => {
    const { calls } = mockApi({});
    renderWithProviders(
      <>
        <OpenPayout />
        <PayoutDialog currency="NGN" available={2_500_000} language="en" />
      </>,
    );
    const input = await screen.findByLabelText('Amount (NGN)');
    await userEvent.clear(input);
    await userEvent.type(input, '25001');
    await userEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The amount is more than your available earnings');
    expect(calls).toHaveLength(0);
  });
});
