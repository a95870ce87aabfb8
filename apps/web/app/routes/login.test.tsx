import en from '@app/shared/i18n/en.json';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutesAtUrl } from '#test/render';
import LoginPage from './login';

/** /login/ with the server's answer to "is Google configured?" (its loader reads the web services). */
function renderLogin(google: boolean) {
  return renderRoutesAtUrl(
    [{ id: 'routes/login', path: 'login', loader: () => ({ google }), Component: LoginPage }],
    '/login',
  );
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
