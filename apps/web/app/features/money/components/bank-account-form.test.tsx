import type { BankAccount } from '@app/shared/schemas/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../lib/test-utils';
import { BankAccountForm } from './bank-account-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const saved = (body: Record<string, unknown>, variant: BankAccount['variant']): BankAccount => ({
  accountName: '',
  bankCode: '',
  bankName: '',
  accountNumber: '',
  address: null,
  postalCode: null,
  accountType: null,
  accountOwnership: null,
  dateOfBirth: null,
  ...body,
  variant,
  updatedAt: '2027-03-01T09:00:00.000Z',
});

async function fillUk(name = 'Sarah Collins') {
  await userEvent.type(screen.getByLabelText('Account name'), name);
  await userEvent.type(screen.getByLabelText('Bank name'), 'Barclays');
  await userEvent.type(screen.getByLabelText('Sort code'), '20-00-00');
  await userEvent.type(screen.getByLabelText('Account number'), '55779911');
}

describe('BankAccountForm', () => {
  it('asks a Nigerian provider to pick the bank from the list and type the NUBAN, and saves them', async () => {
    const { calls } = mockApi({
      'PUT /api/earnings/bank-account': (call) => [200, saved(call.body as Record<string, unknown>, 'NG')],
    });
    renderWithProviders(<BankAccountForm countryCode="NG" account={null} language="en" />);
    expect(screen.queryByLabelText('Sort code')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Address')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Account number (NUBAN)')).toHaveAccessibleDescription(
      'The 10-digit number on your statements and in your bank app.',
    );

    await userEvent.type(screen.getByLabelText('Account name'), 'Ngozi Adeyemi');
    await userEvent.selectOptions(screen.getByLabelText('Bank'), 'Guaranty Trust Bank');
    await userEvent.type(screen.getByLabelText('Account number (NUBAN)'), '0123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(
      await screen.findByText('This account number does not belong to the chosen bank: check the 10 digits'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Account number (NUBAN)'));
    await userEvent.type(screen.getByLabelText('Account number (NUBAN)'), '0123456785');
    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      accountName: 'Ngozi Adeyemi',
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '0123456785',
    });
    expect(await screen.findByText('Bank account saved')).toBeInTheDocument();
  });

  it('asks a German provider for IBAN and an optional BIC, and sends the IBAN in its electronic form', async () => {
    const { calls } = mockApi({
      'PUT /api/earnings/bank-account': (call) => [200, saved(call.body as Record<string, unknown>, 'IBAN')],
    });
    renderWithProviders(<BankAccountForm countryCode="DE" account={null} language="en" />);
    expect(screen.queryByLabelText('Sort code')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Account number')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Account name'), 'Jürgen Müller-Lüdenscheidt');
    await userEvent.type(screen.getByLabelText('Bank name'), 'Commerzbank');
    await userEvent.type(screen.getByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 01');
    await userEvent.type(screen.getByLabelText('BIC (optional)'), 'COBADE');
    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Enter a valid IBAN, for example DE89 3704 0044 0532 0130 00')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid BIC (8 or 11 characters), or leave it empty')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('IBAN'));
    await userEvent.type(screen.getByLabelText('IBAN'), 'de89 3704 0044 0532 0130 00');
    await userEvent.clear(screen.getByLabelText('BIC (optional)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      accountName: 'Jürgen Müller-Lüdenscheidt',
      bankName: 'Commerzbank',
      accountNumber: 'DE89370400440532013000',
      bankCode: '',
    });
  });

  it('checks the general rules before sending where a country has none of its own', async () => {
    const { calls } = mockApi({});
    renderWithProviders(<BankAccountForm countryCode="KE" account={null} language="en" />);
    await userEvent.type(screen.getByLabelText('Account name'), 'Jo');
    await userEvent.type(screen.getByLabelText('Sort code'), '12a');
    await userEvent.type(screen.getByLabelText('Bank name'), 'XY');
    await userEvent.type(screen.getByLabelText('Account number'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(
      await screen.findByText('Account name must be 3-32 letters, spaces, hyphens, commas, apostrophes or periods'),
    ).toBeInTheDocument();
    expect(screen.getByText('Sort code must be 3-32 digits')).toBeInTheDocument();
    expect(screen.getByText('Bank name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Account number must be 3-32 digits')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('adds address, postal code, account type, ownership and date of birth for GB, all required', async () => {
    const { calls } = mockApi({
      'PUT /api/earnings/bank-account': (call) => [200, saved(call.body as Record<string, unknown>, 'GB')],
    });
    renderWithProviders(<BankAccountForm countryCode="GB" account={null} language="en" />);
    await fillUk();
    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Choose checking or savings')).toBeInTheDocument();
    expect(screen.getByText('Choose business or personal')).toBeInTheDocument();
    const address = screen.getByLabelText('Address');
    expect(within(address.parentElement as HTMLElement).getByRole('alert')).toHaveTextContent('This field is required');
    expect(calls).toHaveLength(0);

    await userEvent.type(address, '221B Baker Street, London');
    await userEvent.type(screen.getByLabelText('Postal code'), 'NW1 6XE');
    await userEvent.selectOptions(screen.getByLabelText('Account type'), 'savings');
    await userEvent.selectOptions(screen.getByLabelText('Account ownership'), 'personal');
    await userEvent.type(screen.getByLabelText('Date of birth'), '1985-04-12');
    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      accountName: 'Sarah Collins',
      bankCode: '200000',
      bankName: 'Barclays',
      accountNumber: '55779911',
      address: '221B Baker Street, London',
      postalCode: 'NW1 6XE',
      accountType: 'savings',
      accountOwnership: 'personal',
      dateOfBirth: '1985-04-12',
    });
  });

  it('labels the bank code "Routine Number" for US, checks its check digit, and the name of the account holder', async () => {
    mockApi({});
    renderWithProviders(<BankAccountForm countryCode="US" account={null} language="en" />);
    expect(screen.getByLabelText('Routine Number')).toBeInTheDocument();
    expect(screen.queryByLabelText('Sort code')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Account type')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Account name'), 'R2-D2 <Inc>');
    await userEvent.type(screen.getByLabelText('Routine Number'), '12x');
    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(
      await screen.findByText('Account name must be 3-32 letters, spaces, hyphens, commas, apostrophes or periods'),
    ).toBeInTheDocument();
    expect(screen.getByText('Routine Number must be 9 digits')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Routine Number'));
    await userEvent.type(screen.getByLabelText('Routine Number'), '021000022');
    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('This Routine Number does not exist: check the 9 digits')).toBeInTheDocument();
  });

  it('puts server field errors on their fields and the message in a toast', async () => {
    mockApi({
      'PUT /api/earnings/bank-account': [
        400,
        {
          code: 'PAYOUT_BANK_ACCOUNT_REJECTED',
          message: 'The bank could not confirm these account details. Check them and try again.',
          fieldErrors: { accountNumber: ['Account number must be 8 digits'] },
        },
      ],
    });
    renderWithProviders(<BankAccountForm countryCode="GB" account={null} language="en" />);
    await fillUk();
    await userEvent.type(screen.getByLabelText('Address'), '221B Baker Street, London');
    await userEvent.type(screen.getByLabelText('Postal code'), 'NW1 6XE');
    await userEvent.selectOptions(screen.getByLabelText('Account type'), 'savings');
    await userEvent.selectOptions(screen.getByLabelText('Account ownership'), 'personal');
    await userEvent.type(screen.getByLabelText('Date of birth'), '1985-04-12');
    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    const number = screen.getByLabelText('Account number');
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(number).toHaveAccessibleDescription('Account number must be 8 digits 8 digits.');
  });

  it('starts from the saved account', () => {
    mockApi({});
    renderWithProviders(
      <BankAccountForm
        countryCode="NG"
        account={saved(
          { accountName: 'Ngozi Adeyemi', bankCode: '044', bankName: 'Access Bank', accountNumber: '0123456784' },
          'NG',
        )}
        language="en"
      />,
    );
    expect(screen.getByLabelText('Account name')).toHaveValue('Ngozi Adeyemi');
    expect(screen.getByLabelText('Bank')).toHaveValue('044');
    expect(screen.getByLabelText('Account number (NUBAN)')).toHaveValue('0123456784');
    expect(screen.getByText('Last updated 1 Mar 2027')).toBeInTheDocument();
  });
});
