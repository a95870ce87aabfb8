import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../lib/test-utils';
import { ChangePasswordForm } from './change-password-form';

afterEach(() => vi.restoreAllMocks());

describe('ChangePasswordForm', () => {
  it('says "Passwords must match" when the confirmation differs', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<ChangePasswordForm />);
    await userEvent.type(screen.getByLabelText('Current password'), 'old-secret-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret-2');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret-3');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords must match');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('puts a wrong current password on its field and clears the form after success', async () => {
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        jsonResponse(400, {
          code: 'VALIDATION_FAILED',
          message: 'The password is incorrect',
          fieldErrors: { oldPassword: ['The password is incorrect'] },
        }),
      )
      .mockResolvedValueOnce(jsonResponse(200, { message: 'Your password has been changed' }));
    renderWithProviders(<ChangePasswordForm />);
    const current = screen.getByLabelText('Current password');
    await userEvent.type(current, 'old-secret-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret-2');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password is incorrect');
    expect(current).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed');
    await waitFor(() => expect(current).toHaveValue(''));
  });
});
