import type { ClientInvitationList } from '@app/shared/schemas/clients';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { InvitationList } from './invitation-list';

const invitation = (id: string, firstName: string, lastName: string) => ({
  identifier: id,
  provider: { identifier: `${id}-p`, firstName, lastName, title: 'Dipl.-Psych.', photoUrl: null },
  invitedAt: '2027-03-01T09:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('InvitationList', () => {
  it('lists each therapist and accepts or declines one, then shows what is left', async () => {
    let open: ClientInvitationList = {
      data: [
        invitation('11111111-1111-4111-8111-111111111111', 'Zoë', "O'Neil-Okafor"),
        invitation('22222222-2222-4222-8222-222222222222', 'Jörg', 'Müller-Lüdenscheidt'),
      ],
    };
    const { calls } = mockApi({
      'GET /api/client/invitations': () => [200, open],
      'POST /api/client/invitations/11111111-1111-4111-8111-111111111111/accept': () => {
        open = { data: open.data.slice(1) };
        return [200, { decision: 'accept', message: 'Invitation accepted' }];
      },
      'POST /api/client/invitations/22222222-2222-4222-8222-222222222222/decline': () => {
        open = { data: [] };
        return [200, { decision: 'decline', message: 'Invitation declined' }];
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<InvitationList />);
    const list = await screen.findByRole('list');
    expect(within(list).getByText("Dipl.-Psych. Zoë O'Neil-Okafor")).toBeVisible();
    expect(within(list).getByText('Dipl.-Psych. Jörg Müller-Lüdenscheidt')).toBeVisible();

    await user.click(screen.getByRole('button', { name: "Accept: Zoë O'Neil-Okafor" }));
    expect(await screen.findByText('Invitation accepted')).toBeVisible();
    await screen.findByRole('button', { name: 'Decline: Jörg Müller-Lüdenscheidt' });
    expect(screen.queryByRole('button', { name: "Accept: Zoë O'Neil-Okafor" })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Decline: Jörg Müller-Lüdenscheidt' }));
    expect(await screen.findByText('No open invitations.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/client/invitations/11111111-1111-4111-8111-111111111111/accept',
      '/api/client/invitations/22222222-2222-4222-8222-222222222222/decline',
    ]);
  });

  it('says when the invitations could not be loaded', async () => {
    mockApi({ 'GET /api/client/invitations': [500, { message: 'Boom', code: 'INTERNAL' }] });
    renderWithProviders(<InvitationList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invitations could not be loaded. Please try again.');
  });
});
