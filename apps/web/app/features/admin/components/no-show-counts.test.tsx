import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAtUrl } from '#test/render';
import { NoShowCounts } from './no-show-counts';

const PROVIDER_ID = '7bb49671-2118-402b-8914-0f9a8db2006f';
const CLIENT_ID = '0b8f5c2e-6a4d-4b7e-9c61-3f2a1d0e9b71';

afterEach(() => vi.unstubAllGlobals());

const pageOf = (data: unknown[]) => ({ data, meta: { page: 1, perPage: 20, total: data.length, totalPages: 1 } });

describe('NoShowCounts', () => {
  it('shows providers by default and switches to clients through the URL', async () => {
    const { calls } = mockApi({
      'GET /api/admin/no-shows?party=provider&page=1': [
        200,
        pageOf([
          {
            user: { identifier: PROVIDER_ID, name: 'Chiamaka Eze', email: 'provider@demo.test' },
            noShows: 2,
            sessions: 9,
            lastNoShowAt: '2027-02-20T11:00:00.000Z',
          },
        ]),
      ],
      'GET /api/admin/no-shows?party=client&page=1': [
        200,
        pageOf([
          {
            user: { identifier: CLIENT_ID, name: 'Ada Okafor', email: 'client@demo.test' },
            noShows: 1,
            sessions: 4,
            lastNoShowAt: '2027-02-18T11:00:00.000Z',
          },
        ]),
      ],
    });
    renderAtUrl(<NoShowCounts />, '/admin/no-shows/');
    const provider = await screen.findByTestId(`no-show-${PROVIDER_ID}`);
    expect(provider).toHaveTextContent('Chiamaka Eze');
    expect(provider).toHaveTextContent('provider@demo.test');
    expect(provider).toHaveTextContent(/29/); // 2 no-shows, 9 sessions
    expect(screen.getByRole('link', { name: 'Providers who did not show up' })).toHaveAttribute('aria-current', 'page');

    const clients = screen.getByRole('link', { name: 'Clients who did not show up' });
    expect(clients).toHaveAttribute('href', '/admin/no-shows/?party=client');
    clients.focus();
    await userEvent.keyboard('{Enter}');
    const client = await screen.findByTestId(`no-show-${CLIENT_ID}`);
    expect(client).toHaveTextContent('Ada Okafor');
    expect(screen.queryByTestId(`no-show-${PROVIDER_ID}`)).toBeNull();
    expect(calls.map((call) => call.path)).toEqual([
      '/api/admin/no-shows?party=provider&page=1',
      '/api/admin/no-shows?party=client&page=1',
    ]);
  });

  it('says when nobody missed a session', async () => {
    mockApi({ 'GET /api/admin/no-shows': [200, pageOf([])] });
    renderAtUrl(<NoShowCounts />, '/admin/no-shows/?party=client');
    expect(await screen.findByText('Nobody has missed a session.')).toBeVisible();
  });
});
