import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '#app/api/session';
import { jsonResponse, renderWithProviders } from '../lib/test-utils';
import { LoginForm } from './login-form';

afterEach(() => {
  vi.restoreAllMocks();
  setSession(null);
});

function token(claims: Record<string, unknown>): string {
  return `h.${btoa(JSON.stringify(claims))}.s`;
}

describe('LoginForm', () => {
  it('says which fields are required before calling the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['This field is required', 'This field is required']);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('rejects a malformed email', async () => {
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address');
  });

  it('shows German messages in German', async () => {
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />, { language: 'de' });
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent('Dieses Feld ist erforderlich');
  });

  it('stores the session and reports success', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(200, {
        token: token({ sub: 'u1', role: 'client' }),
        refreshToken: 'r',
        expiresIn: 900,
        refreshTokenExp: 3600,
        user: { identifier: 'u1', role: 'client', accountActive: true },
      }),
    );
    const onSignedIn = vi.fn();
    renderWithProviders(<LoginForm onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(getSession()).toMatchObject({ userId: 'u1', role: 'client' });
  });

  it('shows wrong credentials as a toast', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect' }),
    );
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect');
  });

  it('offers a new verification email to an unverified account', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        jsonResponse(403, { code: 'EMAIL_NOT_VERIFIED', message: 'Please confirm your email address.' }),
      )
      .mockResolvedValueOnce(jsonResponse(200, { message: 'We have sent a new link.' }));
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please confirm your email address.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('We have sent a new link.')).toBeInTheDocument();
    const [url, init] = fetchSpy.mock.calls[1] ?? [];
    expect(url).toBe('/api/user/register/request-verification');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com' });
  });
});
