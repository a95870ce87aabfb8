import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAtUrl } from '#test/render';
import { ReportedReviews } from './reported-reviews';
import { ReviewDecisionDialog } from './review-decision-dialog';

const REVIEW_ID = '0b8f5c2e-6a4d-4b7e-9c61-3f2a1d0e9b71';
const PROVIDER_ID = '7bb49671-2118-402b-8914-0f9a8db2006f';

afterEach(() => vi.unstubAllGlobals());

const review = (overrides: Record<string, unknown> = {}) => ({
  identifier: REVIEW_ID,
  providerIdentifier: PROVIDER_ID,
  rating: 1.5,
  comment: 'Rude and late, avoid.',
  isAnonymous: false,
  reviewer: { name: 'Ada O.' },
  therapy: 'Individual Therapy',
  createdAt: '2027-02-20T10:00:00.000Z',
  editedAt: null,
  providerName: 'Chiamaka Eze',
  hiddenAt: null,
  hiddenReason: null,
  reports: [
    { reason: 'This client never had a session with me.', reportedAt: '2027-02-22T08:00:00.000Z' },
    { reason: 'It names me by my home address.', reportedAt: '2027-02-21T08:00:00.000Z' },
  ],
  lastReportedAt: '2027-02-22T08:00:00.000Z',
  ...overrides,
});
const page = (data: unknown[]) => ({ data, meta: { page: 1, perPage: 20, total: data.length, totalPages: 1 } });

function show(url = '/admin/reviews/') {
  return renderAtUrl(
    <>
      <ReportedReviews />
      <ReviewDecisionDialog />
    </>,
    url,
  );
}

describe('ReportedReviews', () => {
  it('lists the open reports with rating, comment, reasons, provider and state', async () => {
    const { calls } = mockApi({ 'GET /api/admin/reviews/reported': [200, page([review()])] });
    show();
    const row = await screen.findByTestId(`reported-review-${REVIEW_ID}`);
    expect(row).toHaveTextContent('1.5 of 5');
    expect(row).toHaveTextContent('Rude and late, avoid.');
    expect(row).toHaveTextContent('Ada O.');
    expect(row).toHaveTextContent('Chiamaka Eze');
    expect(row).toHaveTextContent('2 reports');
    expect(row).toHaveTextContent('This client never had a session with me.');
    expect(row).toHaveTextContent('Visible');
    expect(calls[0]?.path).toBe('/api/admin/reviews/reported?status=open&page=1');
    expect(screen.getByRole('link', { name: 'Awaiting a decision' })).toHaveAttribute('aria-current', 'page');
  });

  it('reads the state and page from the URL', async () => {
    const { calls } = mockApi({
      'GET /api/admin/reviews/reported': [
        200,
        page([review({ hiddenAt: '2027-02-23T08:00:00.000Z', hiddenReason: 'Personal data' })]),
      ],
    });
    show('/admin/reviews/?status=hidden&page=2');
    const row = await screen.findByTestId(`reported-review-${REVIEW_ID}`);
    expect(row).toHaveTextContent('Hidden');
    expect(row).toHaveTextContent('Personal data');
    expect(within(row).getByRole('button', { name: 'Show again' })).toBeVisible();
    expect(calls[0]?.path).toBe('/api/admin/reviews/reported?status=hidden&page=2');
  });

  it('hides a review with a reason after confirming, then says so', async () => {
    const { calls } = mockApi({
      'GET /api/admin/reviews/reported': [200, page([review()])],
      [`POST /api/admin/reviews/${REVIEW_ID}/hide`]: [200, review({ hiddenAt: '2027-03-01T09:00:00.000Z' })],
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review of Chiamaka Eze?' });
    // Too short for the API's schema: nothing is sent.
    await userEvent.type(within(dialog).getByLabelText('Reason for hiding'), 'no');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('3');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Reason for hiding'), 't a real client, shares an address');
    // Keyboard: Tab past Cancel to Hide, Enter.
    await userEvent.tab();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Hide' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Review of Chiamaka Eze hidden')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/api/admin/reviews/${REVIEW_ID}/hide`,
      body: { reason: 'not a real client, shares an address' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a hidden review again after confirming, and shows a refusal as a toast', async () => {
    let fail = true;
    const { calls } = mockApi({
      'GET /api/admin/reviews/reported': [200, page([review({ hiddenAt: '2027-02-23T08:00:00.000Z' })])],
      [`POST /api/admin/reviews/${REVIEW_ID}/unhide`]: () =>
        fail ? [404, { message: 'Not found', code: 'NOT_FOUND' }] : [200, review()],
    });
    show('/admin/reviews/?status=hidden');
    await userEvent.click(await screen.findByRole('button', { name: 'Show again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Show this review of Chiamaka Eze again?' });
    expect(within(dialog).queryByLabelText('Reason for hiding')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show again' }));
    expect(await screen.findByText('Not found')).toBeVisible();
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show again' }));
    expect(await screen.findByText('Review of Chiamaka Eze shown again')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/admin/reviews/${REVIEW_ID}/unhide`,
      `/api/admin/reviews/${REVIEW_ID}/unhide`,
    ]);
  });

  it('says when there is nothing to decide', async () => {
    mockApi({ 'GET /api/admin/reviews/reported': [200, page([])] });
    show();
    expect(await screen.findByText('No reported reviews here.')).toBeVisible();
  });
});
