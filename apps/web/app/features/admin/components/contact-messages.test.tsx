import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAtUrl } from '#test/render';
import { ContactMessages } from './contact-messages';

const MESSAGE_ID = '3d1b8f0a-2c4e-4f6a-8b9c-0d1e2f3a4b5c';
const USER_ID = '7bb49671-2118-402b-8914-0f9a8db2006f';

afterEach(() => vi.unstubAllGlobals());

const message = (overrides: Record<string, unknown> = {}) => ({
  identifier: MESSAGE_ID,
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  phoneNumber: '+2348012345678',
  message: 'Do you offer sessions in Yoruba?\nThank you.',
  language: 'de',
  userIdentifier: USER_ID,
  createdAt: '2027-02-20T10:00:00.000Z',
  ...overrides,
});

describe('ContactMessages', () => {
  it('lists sender, email, message and date of each message', async () => {
    const { calls } = mockApi({
      'GET /api/admin/contact-messages': [
        200,
        { data: [message()], meta: { page: 1, perPage: 20, total: 1, totalPages: 1 } },
      ],
    });
    renderAtUrl(<ContactMessages />, '/admin/contact/');
    const row = await screen.findByTestId(`contact-message-${MESSAGE_ID}`);
    expect(row).toHaveTextContent('Grace Hopper');
    expect(row).toHaveTextContent('+2348012345678');
    expect(row).toHaveTextContent('German');
    expect(row).toHaveTextContent('Signed in');
    expect(row).toHaveTextContent('Do you offer sessions in Yoruba?');
    expect(row).toHaveTextContent('20 Feb 2027');
    expect(screen.getByRole('link', { name: 'grace@example.com' })).toHaveAttribute('href', 'mailto:grace@example.com');
    expect(calls[0]?.path).toBe('/api/admin/contact-messages?page=1');
  });

  it('pages as the API pages, keeping the page in the URL', async () => {
    const { calls } = mockApi({
      'GET /api/admin/contact-messages': [
        200,
        {
          data: [message({ phoneNumber: null, userIdentifier: null, language: 'en' })],
          meta: { page: 2, perPage: 20, total: 45, totalPages: 3 },
        },
      ],
    });
    renderAtUrl(<ContactMessages />, '/admin/contact/?page=2');
    const row = await screen.findByTestId(`contact-message-${MESSAGE_ID}`);
    expect(row).not.toHaveTextContent('Signed in');
    expect(calls[0]?.path).toBe('/api/admin/contact-messages?page=2');
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
    expect(screen.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/admin/contact/?page=3');
    expect(screen.getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/admin/contact/?page=1');
  });

  it('says when nobody has written yet', async () => {
    mockApi({
      'GET /api/admin/contact-messages': [200, { data: [], meta: { page: 1, perPage: 20, total: 0, totalPages: 0 } }],
    });
    renderAtUrl(<ContactMessages />, '/admin/contact/');
    expect(await screen.findByText('No contact messages yet.')).toBeVisible();
  });
});
