import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../lib/test-utils';
import { ClientSignupForm } from './client-signup-form';
import { ProviderSignupForm } from './provider-signup-form';

afterEach(() => vi.restoreAllMocks());

const countries = [
  { identifier: '7d0e3c55-4a55-4c1e-9a39-4c6f1f7e0a01', name: 'Nigeria' },
  { identifier: '7d0e3c55-4a55-4c1e-9a39-4c6f1f7e0a02', name: 'Germany' },
];

async function fillClient(overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'First name': 'Ada',
    'Last name': 'Obi',
    Email: 'ada@example.com',
    'Phone number': '+2348012345678',
    Password: 'calm-river-42',
    'Confirm password': 'calm-river-42',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) await userEvent.type(screen.getByLabelText(label), value);
  }
}

describe('ClientSignupForm', () => {
  it('says "Passwords must match" on the confirmation when they differ', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<ClientSignupForm countries={countries} onRegistered={vi.fn()} />);
    await fillClient({ 'Confirm password': 'calm-river-43' });
    await userEvent.click(screen.getByLabelText('I agree to the terms and conditions'));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('checks the password rules, the phone length and the terms with SPEC words', async () => {
    renderWithProviders(<ClientSignupForm countries={countries} onRegistered={vi.fn()} />);
    await fillClient({ Password: 'abc', 'Confirm password': 'abc', 'Phone number': '12345' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password too short')).toBeInTheDocument();
    expect(screen.getByText('Number must be at least 10 digits')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the terms and conditions')).toBeInTheDocument();
  });

  it('sends the form and shows server field errors on their fields', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(400, {
        code: 'VALIDATION_FAILED',
        message: 'An account with this email already exists',
        fieldErrors: { email: ['An account with this email already exists'] },
      }),
    );
    const onRegistered = vi.fn();
    renderWithProviders(<ClientSignupForm countries={countries} onRegistered={onRegistered} />);
    await fillClient();
    await userEvent.click(screen.getByLabelText('I agree to the terms and conditions'));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    const body = JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({
      userType: 'client',
      email: 'ada@example.com',
      agreeToTerms: true,
      phoneNumber: '+2348012345678',
    });
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it("starts with the visitor's country and sends the one chosen (the wallet's currency follows it)", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(201, {}));
    const onRegistered = vi.fn();
    renderWithProviders(
      <ClientSignupForm countries={countries} defaultCountry={countries[1]?.identifier} onRegistered={onRegistered} />,
    );
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Germany');
    expect(screen.getByText("Your wallet's currency follows your country.")).toBeInTheDocument();
    await fillClient();
    await userEvent.click(screen.getByLabelText('I agree to the terms and conditions'));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    const body = JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({ userType: 'client', countryIdentifier: countries[1]?.identifier });
  });
});

describe('ProviderSignupForm', () => {
  it('says "Emails must match" and asks for a country', async () => {
    renderWithProviders(<ProviderSignupForm countries={countries} onRegistered={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'therapist@example.com');
    await userEvent.type(screen.getByLabelText('Confirm email'), 'therapist@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'calm-river-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create provider account' }));
    expect(await screen.findByText('Emails must match')).toBeInTheDocument();
    expect(screen.getByText('Country is required')).toBeInTheDocument();
  });

  it('registers with the chosen country', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(201, {}));
    const onRegistered = vi.fn();
    renderWithProviders(<ProviderSignupForm countries={countries} onRegistered={onRegistered} />);
    await userEvent.type(screen.getByLabelText('Email'), 'therapist@example.com');
    await userEvent.type(screen.getByLabelText('Confirm email'), 'Therapist@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'calm-river-42');
    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }));
    await userEvent.click(screen.getByRole('option', { name: 'Germany' }));
    await userEvent.click(screen.getByLabelText('I agree to the terms and conditions'));
    await userEvent.click(screen.getByRole('button', { name: 'Create provider account' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('therapist@example.com', expect.any(String)));
    const body = JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({
      userType: 'provider',
      countryIdentifier: countries[1]?.identifier,
      confirmEmail: 'therapist@example.com',
    });
  });
});

describe('the terms checkbox', () => {
  it('links the terms and the privacy notice in the reader’s language, each in a new tab', () => {
    renderWithProviders(<ClientSignupForm countries={countries} onRegistered={vi.fn()} />, { language: 'de' });
    const terms = screen.getByRole('link', { name: 'Nutzungsbedingungen' });
    expect(terms).toHaveAttribute('href', '/de/legal/terms/');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/de/legal/privacy/');
    // The privacy link sits outside the label: following it never ticks the box.
    expect(screen.getByLabelText('Ich stimme den Nutzungsbedingungen zu')).not.toBeChecked();
  });

  it('keeps the provider form’s checkbox labelled with the same words and links', () => {
    renderWithProviders(<ProviderSignupForm countries={countries} onRegistered={vi.fn()} />);
    expect(screen.getByLabelText('I agree to the terms and conditions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/legal/terms/');
    expect(screen.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/legal/privacy/');
  });
});
