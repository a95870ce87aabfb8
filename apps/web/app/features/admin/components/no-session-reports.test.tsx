import type { AdminNoSessionReport, AdminNoSessionReportDetail } from '@app/shared/schemas/session-room';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAtUrl } from '#test/render';
import { NoSessionDecisionDialog } from './no-session-decision-dialog';
import { NoSessionReports } from './no-session-reports';

const WAITING = '3c0a8f5e-1b2d-4e6f-8a9b-0c1d2e3f4a5b';
const DECIDED = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
const LIST = 'GET /api/admin/no-session-reports';

afterEach(() => vi.unstubAllGlobals());

function report(overrides: Partial<AdminNoSessionReport> = {}): AdminNoSessionReport {
  return {
    bookingIdentifier: WAITING,
    note: 'The therapist never joined at the booked time.',
    reportedAt: '2027-03-02T12:00:00.000Z',
    decision: null,
    decidedAt: null,
    refundMinor: 0,
    priceMinor: 500_000,
    currencyCode: 'NGN',
    windowEndsAt: '2027-03-04T11:00:00.000Z',
    clientName: "Maya O'Patel",
    providerName: 'Jean-Luc Adébáyọ̀',
    startAt: '2027-03-02T10:00:00.000Z',
    endAt: '2027-03-02T11:00:00.000Z',
    decisionNote: null,
    ...overrides,
  };
}

const detail = (overrides: Partial<AdminNoSessionReportDetail> = {}): AdminNoSessionReportDetail => ({
  ...report(),
  outcome: 'completed',
  togetherMinutes: 12,
  attendance: [
    { party: 'client', joinedAt: '2027-03-02T10:00:00.000Z', leftAt: '2027-03-02T11:00:00.000Z', lost: false },
  ],
  ...overrides,
});

function show() {
  return renderAtUrl(
    <>
      <NoSessionReports />
      <NoSessionDecisionDialog />
    </>,
    '/admin/no-session-reports/',
  );
}

describe('NoSessionReports', () => {
  it('lists waiting and decided reports with the people, the note and the state', async () => {
    mockApi({
      [LIST]: [
        200,
        {
          data: [
            report(),
            report({
              bookingIdentifier: DECIDED,
              decision: 'did_not_take_place',
              decidedAt: '2027-03-03T09:00:00.000Z',
              refundMinor: 500_000,
              decisionNote: 'Only the client was in the room.',
            }),
          ],
        },
      ],
    });
    show();
    const waiting = await screen.findByTestId(`no-session-report-${WAITING}`);
    expect(waiting).toHaveTextContent("Maya O'Patel with Jean-Luc Adébáyọ̀");
    expect(waiting).toHaveTextContent('The therapist never joined at the booked time.');
    expect(waiting).toHaveTextContent('Waiting for a decision');
    expect(within(waiting).getByRole('button', { name: 'Review' })).toBeVisible();
    const decided = screen.getByTestId(`no-session-report-${DECIDED}`);
    expect(decided).toHaveTextContent('Refunded to the client');
    expect(decided).toHaveTextContent('Only the client was in the room.');
    expect(decided).toHaveTextContent('₦5,000.00 refunded');
  });

  it("shows both parties' presence and decides with a required note", async () => {
    let decided = false;
    const { calls } = mockApi({
      [LIST]: () => [200, { data: [decided ? report({ decision: 'did_not_take_place' }) : report()] }],
      [`GET /api/admin/no-session-reports/${WAITING}`]: [200, detail()],
      [`POST /api/admin/no-session-reports/${WAITING}/decision`]: (call) => {
        decided = true;
        const body = call.body as { note: string };
        return [200, report({ decision: 'did_not_take_place', refundMinor: 500_000, decisionNote: body.note })];
      },
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: "Report: Maya O'Patel with Jean-Luc Adébáyọ̀" });
    expect(await within(dialog).findByTestId('no-session-together')).toHaveTextContent(
      'Together inside the booked time: 12 minutes',
    );
    expect(within(dialog).getByTestId('no-session-stays-provider')).toHaveTextContent('Never joined the room.');
    expect(within(dialog).getByTestId('no-session-stays-client')).toHaveTextContent("Client: Maya O'Patel");
    expect(within(dialog).getByText('Recorded outcome: Completed')).toBeVisible();

    const refund = within(dialog).getByRole('button', { name: 'It did not take place: refund ₦5,000.00' });
    await userEvent.click(refund);
    expect(await within(dialog).findByText('Please note why you decided so')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Your note/), 'Only the client was in the room.');
    await userEvent.click(refund);
    expect(await screen.findByText("₦5,000.00 went back to the client's wallet.")).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      decision: 'did_not_take_place',
      note: 'Only the client was in the room.',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Refunded to the client')).toBeVisible();
  });
});
