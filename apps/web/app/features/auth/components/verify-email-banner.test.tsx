import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFromTokens, setSession } from '#app/api/session';
import { jsonResponse, renderWithProviders } from '../lib/test-utils';
import { CheckEmail } from './check-email';
import { VerifyEmailBanner } from './verify-email-banner';

afterEach(() => {
  vi.restoreAllMocks();
  setSession(null);
});

function signIn() {
  const token = `h.${btoa(JSON.stringify({ sub: 'u1', role: 'client' }))}.s`;
  setSession(sessionFromTokens({ token, expiresIn: 900, refreshTokenExp: 3600 }, Date.now()));
}

const user = (overrides: Record<string, unknown>) => ({
  identifier: 'u1',
  email: 'ada@example.com',
  role: 'client',
  firstName: 'Ada',
  lastName: 'Obi',
  phoneNumber: null,
  timezone: 'Africa/Lagos',
  language: 'en',
  country: { identifier: 'c1', code: 'GB' },
  isSocial: false,
  emailVerified: false,
  verificationStatus: null,
  accountActive: true,
  createdAt: '2027-03-01T09:00:00.000Z',
  ...overrides,
});

describe('VerifyEmailBanner', () => {
  it('tells an unverified client what waits for the link, in their currency, and sends a new one', async () => {
    signIn();
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input).includes('/user/info')
          ? jsonResponse(200, user({}))
          : jsonResponse(200, { message: 'If the address needs it, we have sent a new link.' }),
      );
    renderWithProviders(<VerifyEmailBanner />);
    const banner = await screen.findByTestId('verify-email-banner');
    expect(banner).toHaveTextContent('We sent a link to ada@example.com');
    expect(banner).toHaveTextContent('top-ups are limited to 50 GBP in all');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() =>
      expect(fetchSpy.mock.calls.some(([input]) => String(input).includes('/user/register/request-verification'))).toBe(
        true,
      ),
    );
  });

  it('shows nothing once the address is verified, or for a provider', async () => {
    signIn();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, user({ emailVerified: true })));
    renderWithProviders(<VerifyEmailBanner />);
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
  });
});

describe('CheckEmail "Do later"', () => {
  it('offers it only when given, and runs it', async () => {
    const run = vi.fn(async () => {});
    const { unmount } = renderWithProviders(<CheckEmail email="a@b.test" loginLink={null} />);
    expect(screen.queryByRole('button', { name: 'Do later' })).toBeNull();
    unmount();
    renderWithProviders(<CheckEmail email="a@b.test" loginLink={null} doLater={{ run, pending: false }} />, {
      language: 'de',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Später erledigen' }));
    expect(run).toHaveBeenCalledOnce();
  });
});
