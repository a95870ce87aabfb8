import en from '@app/shared/i18n/en.json';
import { screen } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import LoginPage from './login';

/** /login/ with the server's answer to "is Google configured?" (its loader reads the web services). */
function renderLogin(google: boolean) {
  const Stub = createRoutesStub([
    {
      id: 'routes/locale-layout',
      path: '/:lang?',
      loader: () => ({ lang: 'en', countryCode: 'NG' }),
      HydrateFallback: () => null,
      Component: () => <Outlet />,
      children: [{ id: 'routes/login', path: 'login', loader: () => ({ google }), Component: LoginPage }],
    },
  ]);
  return renderWithProviders(<Stub initialEntries={['/login']} />);
}

describe('the sign-in page', () => {
  it('offers "Continue with Google" when the server has it configured', async () => {
    renderLogin(true);
    expect(await screen.findByRole('link', { name: en.google.continue })).toBeInTheDocument();
  });

  it('shows no Google button at all when it is not configured', async () => {
    renderLogin(false);
    expect(await screen.findByRole('button', { name: en.accounts.login.submit })).toBeInTheDocument();
    expect(screen.queryByText(en.google.continue)).toBeNull();
  });
});
