import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { CalendarFeedSection } from './calendar-feed-section';

afterEach(() => vi.unstubAllGlobals());

const address = (token: string) => ({
  httpsUrl: `https://therapyhub.example/api/calendar-feed/sessions.ics?token=${token}`,
  webcalUrl: `webcal://therapyhub.example/api/calendar-feed/sessions.ics?token=${token}`,
});

describe('CalendarFeedSection', () => {
  it('makes the address, offers it to copy and as webcal://, and saves the choice of names', async () => {
    let feed: Record<string, unknown> = { httpsUrl: null, webcalUrl: null, showNames: false };
    const { calls } = mockApi({
      'GET /api/calendar-feed': () => [200, feed],
      'POST /api/calendar-feed/token': () => {
        feed = { ...address('a'.repeat(43)), showNames: false };
        return [200, feed];
      },
      'PATCH /api/calendar-feed': (call) => {
        feed = { ...feed, ...(call.body as object) };
        return [200, feed];
      },
    });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithProviders(<CalendarFeedSection />);
    expect(screen.queryByLabelText('Your private calendar address')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Create my calendar address' }));

    const field = await screen.findByLabelText('Your private calendar address');
    expect(field).toHaveValue(address('a'.repeat(43)).httpsUrl);
    expect(screen.getByRole('link', { name: 'Open in my calendar app' })).toHaveAttribute(
      'href',
      address('a'.repeat(43)).webcalUrl,
    );
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(address('a'.repeat(43)).httpsUrl);
    expect(await screen.findByText('Address copied')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: "Show the other person's first name in the entries" }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ showNames: true });
    expect(screen.getByRole('checkbox')).toBeChecked();
  });

  it('asks before making a new address, then shows the new one', async () => {
    let feed: Record<string, unknown> = { ...address('a'.repeat(43)), showNames: false };
    const { calls } = mockApi({
      'GET /api/calendar-feed': () => [200, feed],
      'POST /api/calendar-feed/token': () => {
        feed = { ...address('b'.repeat(43)), showNames: false };
        return [200, feed];
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CalendarFeedSection />);
    await user.click(await screen.findByRole('button', { name: 'Make a new address' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/stops working at once/);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    await user.click(screen.getByRole('button', { name: 'Yes, make a new address' }));
    expect(await screen.findByText('New address made. The old one no longer works.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your private calendar address')).toHaveValue(address('b'.repeat(43)).httpsUrl);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
