import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAtUrl, testI18n } from '#test/render';
import { UserTable } from './user-table';

afterEach(() => vi.unstubAllGlobals());

const user = {
  identifier: '3f1c2b9e-5d4a-4c6b-8e7f-1a2b3c4d5e6f',
  email: 'adaeze.okonkwo-eze@example.com',
  firstName: 'Adaeze',
  lastName: "Okonkwo-O'Neil",
  role: 'client',
  status: 'active',
  countryCode: 'NG',
  suspendedAt: null,
  createdAt: '2027-02-20T11:00:00.000Z',
};

const pageOf = (moreThanTotal: boolean) => ({
  data: [user],
  meta: { page: 1, perPage: 20, total: moreThanTotal ? 200 : 1, totalPages: moreThanTotal ? 10 : 1, moreThanTotal },
});

describe('UserTable', () => {
  it('says when more accounts match than are counted, in the reader’s language', async () => {
    mockApi({ 'GET /api/admin/users': [200, pageOf(true)] });
    renderAtUrl(<UserTable />, '/admin/users/?q=okonkwo');
    expect(await screen.findByTestId('users-more-than')).toHaveTextContent(
      'More than 200 accounts match: only the first 200 are listed. Narrow the search to find the rest.',
    );
  });

  it('says it in German with German digits', () => {
    expect(testI18n('de').t('admin.users.moreThan', { count: 1000 })).toMatch(/^Mehr als 1\.000 Konten passen/);
  });

  it('says nothing more when every match is counted', async () => {
    mockApi({ 'GET /api/admin/users': [200, pageOf(false)] });
    renderAtUrl(<UserTable />, '/admin/users/?q=okonkwo');
    expect(await screen.findByText('adaeze.okonkwo-eze@example.com')).toBeVisible();
    expect(screen.queryByTestId('users-more-than')).toBeNull();
  });
});
