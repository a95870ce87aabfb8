import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { PROFILE_MODALS } from '../lib/modals';
import { AvatarPicker } from './avatar-picker';

const AVATARS = Array.from({ length: 12 }, (_, index) => ({
  identifier: `00000000-0000-4000-8000-0000000000${String(index + 10)}`,
  photoUrl: `/media/avatars/avatar-${index + 1}.webp`,
}));

function setup(currentAvatarId: string | null = null) {
  const api = mockApi({
    'GET /api/client/avatars': [200, AVATARS],
    [`POST /api/client/avatar/${AVATARS[2]?.identifier}`]: [200, { photoUrl: AVATARS[2]?.photoUrl }],
  });
  renderWithProviders(<AvatarPicker currentAvatarId={currentAvatarId} />, { openModal: PROFILE_MODALS.avatar });
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('AvatarPicker ("SELECT AN AVATAR")', () => {
  it('shows the avatars as a labelled group of choices', async () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'SELECT AN AVATAR' })).toBeInTheDocument();
    expect(await screen.findAllByRole('radio')).toHaveLength(12);
    expect(screen.getByRole('radio', { name: 'Avatar 1' })).not.toBeChecked();
  });

  it('says "please select an Avatar" when saving without a choice', async () => {
    const { calls } = setup();
    await screen.findAllByRole('radio');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('please select an Avatar');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('saves the chosen avatar and closes', async () => {
    const { calls } = setup();
    await userEvent.click(await screen.findByRole('radio', { name: 'Avatar 3' }));
    expect(screen.getByRole('radio', { name: 'Avatar 3' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Image Changed Successfully')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: `/api/client/avatar/${AVATARS[2]?.identifier}` });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('preselects the current avatar; Cancel closes without saving', async () => {
    const { calls } = setup(AVATARS[5]?.identifier ?? null);
    expect(await screen.findByRole('radio', { name: 'Avatar 6' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
