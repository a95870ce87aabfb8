import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { DecisionForm } from './decision-form';

const ID = '7bb49671-2118-402b-8914-0f9a8db2006f';

afterEach(() => vi.unstubAllGlobals());

describe('DecisionForm', () => {
  it('refuses a rejection without a real note (the API schema speaks) and sends nothing', async () => {
    const { calls } = mockApi({});
    renderWithProviders(<DecisionForm providerId={ID} status="submitted" />);
    await userEvent.type(screen.getByLabelText('Note for the provider'), 'no');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/3/);
    expect(screen.getByLabelText('Note for the provider')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('rejects with the note and approves without one, saying what the server said', async () => {
    const { calls } = mockApi({
      [`POST /api/admin/providers/${ID}/reject`]: [200, { status: 'rejected', message: 'Provider rejected' }],
      [`POST /api/admin/providers/${ID}/approve`]: [200, { status: 'approved', message: 'Provider approved' }],
    });
    renderWithProviders(<DecisionForm providerId={ID} status="submitted" />);
    await userEvent.type(screen.getByLabelText('Note for the provider'), 'Please upload a clearer scan.');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Provider rejected')).toBeVisible();
    expect(calls[0]).toMatchObject({ method: 'POST', body: { note: 'Please upload a clearer scan.' } });

    // Keyboard: Tab to Approve, Enter.
    screen.getByRole('button', { name: 'Approve' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls.map((call) => call.path)).toContain(`/api/admin/providers/${ID}/approve`));
    expect(await screen.findByText('Provider approved')).toBeVisible();
  });

  it('shows a server field error under the note', async () => {
    mockApi({
      [`POST /api/admin/providers/${ID}/reject`]: [
        400,
        { message: 'Too long', code: 'VALIDATION_FAILED', fieldErrors: { note: ['Too long'] } },
      ],
    });
    renderWithProviders(<DecisionForm providerId={ID} status="submitted" />);
    await userEvent.type(screen.getByLabelText('Note for the provider'), 'A note that the server refuses.');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too long');
  });

  it('offers no decision until the documents are submitted', () => {
    mockApi({});
    renderWithProviders(<DecisionForm providerId={ID} status="approved" />);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByTestId('decision-unavailable')).toHaveTextContent('Current status: Approved.');
  });
});
