import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useModals } from '#app/ui/modal-manager';
import { WALLET_MODALS } from '../lib/modals';
import { mockApi, renderWithProviders } from '../lib/test-utils';
import { TopUpDialog } from './top-up-dialog';

const ACCOUNT = { bankName: 'Sandbox Bank', accountNumber: '9912345678', accountName: 'TherapyHub / Ada Okafor' };

function OpenTopUp() {
  const modals = useModals();
  useEffect(() => modals.open(WALLET_MODALS.topUp), [modals.open]);
  return null;
}

function renderDialog(onRedirect = vi.fn()) {
  return renderWithProviders(
    <MemoryRouter>
      <OpenTopUp />
      <TopUpDialog currency="NGN" callbackUrl="/wallet/" accountPath="/account/" onRedirect={onRedirect} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TopUpDialog', () => {
  it('offers card payment or bank transfer', async () => {
    mockApi({});
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Top up your wallet' });
    expect(dialog).toHaveAccessibleDescription('How would you like to top up?');
    expect(screen.getByRole('button', { name: /Card payment/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Bank transfer/ })).toBeInTheDocument();
  });

  it('goes from card payment to the amount form and back', async () => {
    mockApi({});
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: /Card payment/ }));
    expect(screen.getByLabelText('Amount (NGN)')).toBeInTheDocument();
    expect(screen.getByText('Minimum ₦500.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('button', { name: /Bank transfer/ })).toBeInTheDocument();
  });

  it('shows the existing account number, then the processing view after "I Have Made The Payment"', async () => {
    const { calls } = mockApi({ 'GET /api/virtual-accounts/account': [200, ACCOUNT] });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: /Bank transfer/ }));
    expect(await screen.findByTestId('virtual-account-number')).toHaveTextContent('9912345678');
    expect(screen.getByText('Sandbox Bank')).toBeInTheDocument();
    expect(screen.getByText('TherapyHub / Ada Okafor')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/virtual-accounts/generate')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'I Have Made The Payment' }));
    expect(screen.getByRole('status')).toHaveTextContent('We are processing your transfer');
    expect(screen.getByText(/We will send you an email/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to wallet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('generates an account number when there is none yet', async () => {
    const { calls } = mockApi({
      'GET /api/virtual-accounts/account': [
        404,
        { code: 'VIRTUAL_ACCOUNT_NOT_FOUND', message: 'You do not have an account number yet. Generate one first.' },
      ],
      'POST /api/virtual-accounts/generate': [200, ACCOUNT],
    });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: /Bank transfer/ }));
    expect(await screen.findByTestId('virtual-account-number')).toHaveTextContent('9912345678');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/virtual-accounts/account',
      'POST /api/virtual-accounts/generate',
    ]);
  });

  it("shows the API's message and a way to the profile when first and last name are missing", async () => {
    const message = 'Add your first and last name to your profile before generating an account number';
    mockApi({
      'GET /api/virtual-accounts/account': [404, { code: 'VIRTUAL_ACCOUNT_NOT_FOUND', message: 'none' }],
      'POST /api/virtual-accounts/generate': [400, { code: 'VIRTUAL_ACCOUNT_NAME_REQUIRED', message }],
    });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: /Bank transfer/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Update your profile' })).toHaveAttribute('href', '/account/');
    expect(screen.queryByRole('button', { name: 'I Have Made The Payment' })).not.toBeInTheDocument();
  });
});
