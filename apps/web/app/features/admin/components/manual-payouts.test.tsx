import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAtUrl } from '#test/render';
import { ManualPayouts } from './manual-payouts';
import { PayoutRecordDialog } from './payout-record-dialog';

const PAYOUT_ID = '5a7c9e1b-3d5f-4a6b-8c0d-2e4f6a8b0c1d';
const PROVIDER_ID = '7bb49671-2118-402b-8914-0f9a8db2006f';
const ADMIN_ID = '0b8f5c2e-6a4d-4b7e-9c61-3f2a1d0e9b71';

afterEach(() => vi.unstubAllGlobals());

const payout = (overrides: Record<string, unknown> = {}) => ({
  identifier: PAYOUT_ID,
  reference: 'po_2027_abc123',
  amount: 3_000,
  currencyCode: 'GBP',
  status: 'pending',
  createdAt: '2027-02-20T10:00:00.000Z',
  provider: { identifier: PROVIDER_ID, name: 'Sarah Collins', email: 'sarah.collins@demo.test' },
  bankAccount: {
    variant: 'GB',
    accountName: 'Sarah Collins',
    bankName: 'Barclays',
    bankCode: '402030',
    accountNumber: '12345678',
    address: '10 Downing Street',
    postalCode: 'SW1A 2AA',
    accountType: 'checking',
    accountOwnership: 'personal',
  },
  record: null,
  ...overrides,
});
const pageOf = (data: unknown[]) => ({ data, meta: { page: 1, perPage: 20, total: data.length, totalPages: 1 } });

function show(url = '/admin/payouts/') {
  return renderAtUrl(
    <>
      <ManualPayouts />
      <PayoutRecordDialog />
    </>,
    url,
  );
}

describe('ManualPayouts', () => {
  it('lists the payouts awaiting a transfer with amount in its currency and the full bank details', async () => {
    const { calls } = mockApi({ 'GET /api/admin/payouts/manual': [200, pageOf([payout()])] });
    show();
    const row = await screen.findByTestId(`manual-payout-${PAYOUT_ID}`);
    expect(row).toHaveTextContent('£30.00');
    expect(row).toHaveTextContent('Sarah Collins');
    expect(row).toHaveTextContent('sarah.collins@demo.test');
    expect(row).toHaveTextContent('Sort code402030');
    expect(row).toHaveTextContent('Account number12345678');
    expect(row).toHaveTextContent('Barclays');
    expect(row).toHaveTextContent('10 Downing Street, SW1A 2AA');
    expect(row).toHaveTextContent('Checking');
    expect(row).toHaveTextContent('20 Feb 2027');
    expect(row).toHaveTextContent('po_2027_abc123');
    expect(calls[0]?.path).toBe('/api/admin/payouts/manual?state=awaiting&page=1');
  });

  it('marks a payout paid with the bank reference after confirming, then says so', async () => {
    const { calls } = mockApi({
      'GET /api/admin/payouts/manual': [200, pageOf([payout()])],
      [`POST /api/admin/payouts/${PAYOUT_ID}/paid`]: [200, payout({ status: 'success' })],
    });
    show();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark the payout of £30.00 to Sarah Collins as paid' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record the payout of £30.00 to Sarah Collins as paid?' });
    // The reference is required (the API's schema): nothing is sent without it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByRole('alert')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Bank reference of the transfer'), 'BARC-99812{Enter}');
    expect(await screen.findByText('Payout of £30.00 to Sarah Collins recorded as paid')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/api/admin/payouts/${PAYOUT_ID}/paid`,
      body: { bankReference: 'BARC-99812', note: '' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('marks a payout failed with the reason, and shows a translated refusal from the API', async () => {
    let answered = false;
    const { calls } = mockApi({
      'GET /api/admin/payouts/manual': [200, pageOf([payout()])],
      [`POST /api/admin/payouts/${PAYOUT_ID}/failed`]: () => {
        if (answered) return [200, payout({ status: 'failed' })];
        answered = true;
        return [409, { message: 'This payout has already been recorded', code: 'PAYOUT_ALREADY_RECORDED' }];
      },
    });
    show();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark the payout of £30.00 to Sarah Collins as failed' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Record the payout of £30.00 to Sarah Collins as failed?',
    });
    await userEvent.type(
      within(dialog).getByLabelText('Why the transfer failed'),
      'The bank returned it: account closed.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(await screen.findByText('This payout has already been recorded')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(
      await screen.findByText('Payout of £30.00 to Sarah Collins recorded as failed; the earnings are back'),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')[1]).toMatchObject({
      path: `/api/admin/payouts/${PAYOUT_ID}/failed`,
      body: { note: 'The bank returned it: account closed.' },
    });
  });

  it('shows a server field error under its field', async () => {
    mockApi({
      'GET /api/admin/payouts/manual': [200, pageOf([payout()])],
      [`POST /api/admin/payouts/${PAYOUT_ID}/paid`]: [
        400,
        {
          message: 'Some fields are not valid',
          code: 'VALIDATION_FAILED',
          fieldErrors: { bankReference: ['Too long'] },
        },
      ],
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: /as paid$/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Bank reference of the transfer'), 'X{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too long');
  });

  it('shows recorded payouts with their outcome instead of actions', async () => {
    const { calls } = mockApi({
      'GET /api/admin/payouts/manual': [
        200,
        pageOf([
          payout({
            status: 'success',
            record: {
              outcome: 'paid',
              bankReference: 'BARC-99812',
              note: null,
              recordedBy: { identifier: ADMIN_ID, name: 'Ada Operator' },
              recordedAt: '2027-02-21T09:30:00.000Z',
            },
          }),
        ]),
      ],
    });
    show('/admin/payouts/?state=paid');
    const row = await screen.findByTestId(`manual-payout-${PAYOUT_ID}`);
    expect(row).toHaveTextContent('Bank reference: BARC-99812');
    expect(row).toHaveTextContent('Ada Operator');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Paid' })).toHaveAttribute('aria-current', 'page');
    expect(calls[0]?.path).toBe('/api/admin/payouts/manual?state=paid&page=1');
  });
});
