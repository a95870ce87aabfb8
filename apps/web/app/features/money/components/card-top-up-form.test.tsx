import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../lib/test-utils';
import { CardTopUpForm } from './card-top-up-form';

const CHECKOUT = {
  metadata: { authorizationUrl: '/sandbox/checkout/ref-1' },
  payment: { reference: 'ref-1', status: 'pending' },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CardTopUpForm', () => {
  it('says "Minimum topup amount is 500 NGN" below the minimum and sends nothing', async () => {
    const { calls } = mockApi({ 'POST /api/payment/wallet': [200, CHECKOUT] });
    renderWithProviders(<CardTopUpForm currency="NGN" callbackUrl="/wallet/" onRedirect={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Amount (NGN)'), '499');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Minimum topup amount is 500 NGN');
    expect(calls).toHaveLength(0);
  });

  it('uses 5 as the minimum in other currencies', async () => {
    mockApi({});
    renderWithProviders(<CardTopUpForm currency="GBP" callbackUrl="/wallet/" onRedirect={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Amount (GBP)'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Minimum topup amount is 5 GBP');
  });

  it('asks for an amount when the field is empty', async () => {
    mockApi({});
    renderWithProviders(<CardTopUpForm currency="NGN" callbackUrl="/wallet/" onRedirect={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This field is required');
  });

  it('sends the amount × 100 with the callback, then goes to the checkout', async () => {
    const { calls } = mockApi({ 'POST /api/payment/wallet': [200, CHECKOUT] });
    const onRedirect = vi.fn();
    renderWithProviders(<CardTopUpForm currency="NGN" callbackUrl="/de/wallet/" onRedirect={onRedirect} />);
    const input = screen.getByLabelText('Amount (NGN)');
    await userEvent.type(input, '5000');
    expect(input).toHaveValue('5,000');
    expect(screen.getByText('You will pay ₦5,000.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith('/sandbox/checkout/ref-1'));
    expect(calls[0]?.body).toEqual({ amount: 500_000, callbackUrl: '/de/wallet/' });
    expect(calls[0]?.headers.get('Idempotency-Key')).toMatch(/\S{8,}/);
  });

  it('puts a server field error on the amount', async () => {
    mockApi({
      'POST /api/payment/wallet': [
        400,
        {
          code: 'VALIDATION_FAILED',
          message: 'Invalid input',
          fieldErrors: { amount: ['Minimum topup amount is 500 NGN'] },
        },
      ],
    });
    const onRedirect = vi.fn();
    renderWithProviders(<CardTopUpForm currency="NGN" callbackUrl="/wallet/" onRedirect={onRedirect} />);
    await userEvent.type(screen.getByLabelText('Amount (NGN)'), '600');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Minimum topup amount is 500 NGN')).toBeInTheDocument();
    expect(onRedirect).not.toHaveBeenCalled();
  });

  it('shows a server message as a toast', async () => {
    mockApi({
      'POST /api/payment/wallet': [
        503,
        { code: 'PAYMENT_GATEWAY_UNAVAILABLE', message: 'The payment provider is unavailable right now.' },
      ],
    });
    renderWithProviders(<CardTopUpForm currency="NGN" callbackUrl="/wallet/" onRedirect={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Amount (NGN)'), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('The payment provider is unavailable right now.')).toBeInTheDocument();
  });
});
