import type { NoSessionReport } from '@app/shared/schemas/session-room';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { NoSessionReportSection } from './no-session-report';

const BOOKING = '11111111-1111-4111-8111-111111111111';
const HOUR = 3600_000;
const REPORT_URL = `/api/booking/${BOOKING}/no-session-report`;

function report(overrides: Partial<NoSessionReport> = {}): NoSessionReport {
  return {
    bookingIdentifier: BOOKING,
    note: 'The therapist never joined.',
    reportedAt: '2027-03-02T12:00:00.000Z',
    decision: null,
    decidedAt: null,
    refundMinor: 0,
    priceMinor: 500_000,
    currencyCode: 'NGN',
    windowEndsAt: '2027-03-04T11:00:00.000Z',
    ...overrides,
  };
}

function show(endsAt: string, outcome: 'completed' | 'provider_no_show' = 'completed') {
  return renderWithProviders(
    <NoSessionReportSection bookingId={BOOKING} outcome={outcome} endsAt={endsAt} zone="Africa/Lagos" />,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('NoSessionReportSection', () => {
  it('offers the report within the window, asks for a reason, then shows it waiting', async () => {
    const { calls } = mockApi({
      [`GET ${REPORT_URL}`]: [200, null],
      [`POST ${REPORT_URL}`]: (call) => [201, report({ note: (call.body as { note: string }).note })],
    });
    show(new Date(Date.now() - HOUR).toISOString());
    await userEvent.click(await screen.findByRole('button', { name: 'Report: the session did not take place' }));
    const dialog = await screen.findByRole('dialog', { name: 'The session did not take place?' });
    // Without a reason: the schema's words, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please tell us what happened')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/What happened\?/), "Jean-Luc's room stayed empty.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('You reported that the session did not take place')).toBeVisible();
    expect(screen.getByText(/Reported on 2 Mar 2027, 13:00\. We are looking into it/)).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ note: "Jean-Luc's room stayed empty." });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers nothing after the window, nor after a provider no-show (already refunded)', async () => {
    mockApi({ [`GET ${REPORT_URL}`]: [200, null] });
    const late = show(new Date(Date.now() - 49 * HOUR).toISOString());
    await vi.waitFor(() => expect(late.container.textContent).toBe(''));
    late.unmount();
    const refunded = show(new Date(Date.now() - HOUR).toISOString(), 'provider_no_show');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button')).toBeNull();
    expect(refunded.container.textContent).toBe('');
  });

  it('shows the decision: refunded with the amount, or took place', async () => {
    mockApi({
      [`GET ${REPORT_URL}`]: [
        200,
        report({ decision: 'did_not_take_place', decidedAt: '2027-03-03T09:00:00.000Z', refundMinor: 500_000 }),
      ],
    });
    const first = show(new Date(Date.now() - HOUR).toISOString());
    expect(await screen.findByText('We decided on your report')).toBeVisible();
    expect(screen.getByText('The session did not take place: ₦5,000.00 went back to your wallet.')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();
    mockApi({
      [`GET ${REPORT_URL}`]: [200, report({ decision: 'took_place', decidedAt: '2027-03-03T09:00:00.000Z' })],
    });
    show(new Date(Date.now() - HOUR).toISOString());
    expect(
      await screen.findByText('We found that the session took place. The fee stays with your therapist.'),
    ).toBeVisible();
  });
});
