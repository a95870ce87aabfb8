import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAtUrl, renderWithProviders, testI18n } from '#test/render';
import { JoinForm } from './waitlist-dialog';
import { WaitlistEntries } from './waitlist-entries';

afterEach(() => vi.unstubAllGlobals());

const PROVIDER_ID = '22222222-2222-4222-8222-222222222222';
const entry = {
  identifier: '11111111-1111-4111-8111-111111111111',
  providerIdentifier: PROVIDER_ID,
  providerName: "Zoë D'Arcy-Nwosu",
  categoryIdentifier: null,
  beforeDate: '2027-03-10',
  timezone: 'Africa/Lagos',
  days: [3],
  fromTime: '09:00',
  toTime: '12:00',
  joinedAt: '2027-03-01T09:00:00.000Z',
  claim: {
    identifier: '33333333-3333-4333-8333-333333333333',
    startAt: '2027-03-03T08:00:00.000Z',
    endAt: '2027-03-03T09:00:00.000Z',
    expiresAt: '2027-03-01T09:15:00.000Z',
  },
};

describe('waitlist', () => {
  it('joins with the wish as the shared schema checks it, and shows the server refusal', async () => {
    const { calls } = mockApi({
      'POST /api/waitlist': [
        409,
        {
          code: 'WAITLIST_ALREADY_JOINED',
          message: "You are already on this therapist's waitlist. Leave it first to change your wish.",
        },
      ],
    });
    const user = userEvent.setup();
    renderWithProviders(<JoinForm providerId={PROVIDER_ID} categoryId={null} />);
    const before = await screen.findByLabelText('Before', {}, { timeout: 10_000 });
    await user.clear(before);
    await user.type(before, '2027-03-10');
    await user.click(screen.getByRole('checkbox', { name: 'Wed' }));
    const until = screen.getByLabelText('Until');
    await user.clear(until);
    await user.type(until, '07:00');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('The end of the time range must be after its start')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(until);
    await user.type(until, '12:00');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText(/already on this therapist's waitlist/)).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({
      providerIdentifier: PROVIDER_ID,
      beforeDate: '2027-03-10',
      days: [3],
      fromTime: '08:00',
      toTime: '12:00',
    });
  });

  it('shows the held slot with its link to book it, and leaves the list (German)', async () => {
    let entries = [entry];
    const { calls } = mockApi({
      'GET /api/waitlist': () => [200, { entries }],
      [`DELETE /api/waitlist/${entry.identifier}`]: () => {
        entries = [];
        return [200, null];
      },
      'GET /api/user/info': [200, { timezone: 'Africa/Lagos' }],
    });
    const user = userEvent.setup();
    // In the locale layout (links need the router): German words.
    renderAtUrl(
      <I18nextProvider i18n={testI18n('de')}>
        <WaitlistEntries />
      </I18nextProvider>,
      '/de/waitlist/',
    );
    const item = (await screen.findByText("Bei Zoë D'Arcy-Nwosu")).closest('li') as HTMLElement;
    expect(within(item).getByText('Ein Termin ist für dich reserviert')).toBeInTheDocument();
    const book = within(item).getByRole('link', { name: 'Diesen Termin buchen' });
    expect(book.getAttribute('href')).toContain(`provider=${PROVIDER_ID}`);
    expect(book.getAttribute('href')).toContain(`at=${encodeURIComponent(entry.claim.startAt)}`);
    await user.click(within(item).getByRole('button', { name: 'Warteliste verlassen' }));
    expect(await screen.findByText('Du wartest bei niemandem auf einen Termin.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
