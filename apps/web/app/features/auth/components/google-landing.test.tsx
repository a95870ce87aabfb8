import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '#app/api/session';
import { ToastProvider } from '#app/ui/toast';
import { mockApi, testI18n } from '#test/render';
import { GoogleButton, googleStartUrl } from './google-button';
import { GoogleLanding } from './google-landing';
import { GoogleLinkConfirm } from './google-link-confirm';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setSession(null);
});

function token(claims: Record<string, unknown>): string {
  return `h.${btoa(JSON.stringify(claims))}.s`;
}

const TOKENS = {
  token: token({ sub: 'u1', role: 'client' }),
  refreshToken: 'r',
  expiresIn: 900,
  refreshTokenExp: 3600,
};
const LOGIN = { ...TOKENS, user: { identifier: 'u1', role: 'client', isActive: true } };

/** `Page` at `url` inside a stand-in locale layout, with overview and wallet pages to land on. */
function renderAt(Page: ComponentType, url: string, language: 'en' | 'de' = 'en') {
  const i18n = testI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const Stub = createRoutesStub([
    {
      id: 'routes/locale-layout',
      path: '/:lang?',
      loader: () => ({ lang: language, countryCode: 'NG' }),
      HydrateFallback: () => null,
      Component: () => <Outlet />,
      children: [
        { path: 'login/google', Component: Page },
        { path: 'login/google/confirm', Component: Page },
        { path: 'overview', Component: () => <p>overview page</p> },
        { path: 'wallet', Component: () => <p>wallet page</p> },
      ],
    },
  ]);
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <Stub initialEntries={[url]} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('GoogleButton', () => {
  it('starts the sign-in at the API with the language, the return path and the browser zone', async () => {
    renderAt(() => <GoogleButton redirect="/de/wallet/" note="By continuing…" />, '/de/login/google/', 'de');
    const link = await screen.findByRole('link', { name: 'Weiter mit Google' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/api/auth/google');
    expect(href.searchParams.get('lang')).toBe('de');
    expect(href.searchParams.get('redirect')).toBe('/de/wallet/');
    expect(href.searchParams.get('timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(screen.getByText('By continuing…')).toBeInTheDocument();
  });

  it('builds the start URL without optional parts', () => {
    expect(googleStartUrl({ lang: 'en' })).toBe('/api/auth/google?lang=en');
  });
});

describe('GoogleLanding', () => {
  it('trades the refresh cookie for a session, greets a new account and goes on to the return path', async () => {
    setSession({
      accessToken: 'someone-else',
      accessTokenExpiresAt: Date.now() + 60_000,
      refreshTokenExpiresAt: Date.now() + 60_000,
      role: 'provider',
      userId: 'other',
      accountActive: true,
    });
    const { calls } = mockApi({ 'POST /api/auth/refresh': [200, TOKENS] });
    renderAt(GoogleLanding, '/login/google/?redirect=%2Fwallet%2F&created=1');
    expect(await screen.findByText('wallet page')).toBeInTheDocument();
    expect(await screen.findByText('Welcome! Your account is ready.')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/auth/refresh']);
    expect(getSession()).toMatchObject({ userId: 'u1', role: 'client' });
  });

  it('never follows a return path off the site', async () => {
    mockApi({ 'POST /api/auth/refresh': [200, TOKENS] });
    renderAt(GoogleLanding, `/login/google/?redirect=${encodeURIComponent('//evil.example/')}`);
    expect(await screen.findByText('overview page')).toBeInTheDocument();
  });

  it('says so when the session cannot be started', async () => {
    mockApi({ 'POST /api/auth/refresh': [401, { code: 'UNAUTHENTICATED', message: 'Please sign in to continue' }] });
    renderAt(GoogleLanding, '/login/google/');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not start your session. Please sign in again.',
    );
    expect(getSession()).toBeNull();
  });

  it('shows why Google sign-in did not work, in German, with a way to try again', async () => {
    const { calls } = mockApi({});
    renderAt(GoogleLanding, '/de/login/google/?error=GOOGLE_EMAIL_UNVERIFIED', 'de');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google hat die E-Mail-Adresse dieses Google-Kontos nicht bestätigt',
    );
    expect(screen.getByRole('link', { name: 'Erneut mit Google versuchen' })).toHaveAttribute(
      'href',
      '/api/auth/google?lang=de&redirect=%2Fde%2Foverview%2F',
    );
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute('href', '/de/login/');
    expect(calls).toEqual([]);
  });

  it('shows the general failure for a code it does not know', async () => {
    mockApi({});
    renderAt(GoogleLanding, '/login/google/?error=SOMETHING_ELSE');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Signing in with Google did not work. Please try again.',
    );
  });
});

describe('GoogleLanding asking to prove an existing account', () => {
  it('links with the password, then goes on signed in', async () => {
    const { calls } = mockApi({
      'GET /api/auth/google/link': [200, { email: 'ada@example.com', passwordAllowed: true, emailSent: false }],
      'POST /api/auth/google/link/password': (call) =>
        (call.body as { password: string }).password === 'right-password-1'
          ? [200, LOGIN]
          : [
              400,
              { code: 'VALIDATION_FAILED', message: 'x', fieldErrors: { password: ['The password is incorrect'] } },
            ],
    });
    renderAt(GoogleLanding, '/login/google/?link=1&redirect=%2Fwallet%2F');
    expect(
      await screen.findByText(
        'An account with ada@example.com already exists. Confirm it is yours, and from then on you can sign in with Google too.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This field is required');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    const password = screen.getByLabelText('Password of your account');
    await userEvent.type(password, 'wrong-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByText('The password is incorrect')).toBeInTheDocument();

    await userEvent.clear(password);
    await userEvent.type(password, 'right-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByText('wallet page')).toBeInTheDocument();
    expect(getSession()).toMatchObject({ userId: 'u1' });
  });

  it('offers only the emailed link when the password cannot prove the account, and sends it', async () => {
    const { calls } = mockApi({
      'GET /api/auth/google/link': [200, { email: 'ada@example.com', passwordAllowed: false, emailSent: false }],
      'POST /api/auth/google/link/email': [200, { message: 'We have sent a link to ada@example.com.' }],
    });
    renderAt(GoogleLanding, '/login/google/?link=1');
    expect(await screen.findByText('Confirm it through a link we email to ada@example.com.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password of your account')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText('We have sent a link to ada@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/auth/google/link',
      'POST /api/auth/google/link/email',
    ]);
  });

  it('says when the waiting link is gone', async () => {
    mockApi({
      'GET /api/auth/google/link': [
        400,
        { code: 'GOOGLE_LINK_EXPIRED', message: 'This request to link your Google account has expired.' },
      ],
    });
    renderAt(GoogleLanding, '/login/google/?link=1');
    expect(await screen.findByRole('alert')).toHaveTextContent('This request to link your Google account has expired.');
    expect(screen.getByRole('link', { name: 'Try Google again' })).toBeInTheDocument();
  });
});

describe('GoogleLinkConfirm', () => {
  it('redeems the emailed link once and opens the overview signed in', async () => {
    const { calls } = mockApi({ 'POST /api/auth/google/link/confirm': [200, LOGIN] });
    renderAt(GoogleLinkConfirm, '/login/google/confirm/?token=abc');
    expect(await screen.findByText('overview page')).toBeInTheDocument();
    await waitFor(() => expect(getSession()).toMatchObject({ userId: 'u1' }));
    expect(calls).toEqual([{ method: 'POST', path: '/api/auth/google/link/confirm', body: { token: 'abc' } }]);
  });

  it('shows the server words when the link is spent', async () => {
    mockApi({
      'POST /api/auth/google/link/confirm': [
        400,
        { code: 'GOOGLE_LINK_EXPIRED', message: 'This request has expired.' },
      ],
    });
    renderAt(GoogleLinkConfirm, '/login/google/confirm/?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This request has expired.');
  });

  it('asks for the whole link when the token is missing', async () => {
    const { calls } = mockApi({});
    renderAt(GoogleLinkConfirm, '/login/google/confirm/');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(calls).toEqual([]);
  });
});
