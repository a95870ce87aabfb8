import { screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#test/render';
import { JoinRoomLink } from './join-room-link';

const START = new Date('2027-03-02T10:00:00Z');
const booking = (overrides: Record<string, unknown> = {}) => ({
  status: 'confirmed',
  startAt: START.toISOString(),
  endAt: new Date(START.getTime() + 3600_000).toISOString(),
  modality: { key: 'video-session' },
  ...overrides,
});

function show(props: Parameters<typeof JoinRoomLink>[0]) {
  const Stub = createRoutesStub([{ path: '*', Component: () => <JoinRoomLink {...props} /> }]);
  return renderWithProviders(<Stub />);
}

afterEach(() => vi.useRealTimers());

describe('JoinRoomLink', () => {
  it('appears 10 minutes before the start and stays until 15 minutes after the end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(START.getTime() - 10 * 60_000 - 20_000));
    show({ booking: booking(), path: '/session/b1/' });
    expect(screen.queryByRole('link', { name: 'Join the session' })).toBeNull();
    await vi.advanceTimersByTimeAsync(30_000); // the clock is read every 15 s
    expect(await screen.findByRole('link', { name: 'Join the session' })).toHaveAttribute('href', '/session/b1/');
  });

  it('is not offered after the room closed, for an in-person session, or for a booking not confirmed', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(START.getTime() + 75 * 60_000));
    const { unmount } = show({ booking: booking(), path: '/session/b1/' });
    expect(screen.queryByTestId('join-session')).toBeNull();
    unmount();
    vi.setSystemTime(START);
    show({ booking: booking({ modality: { key: 'in-person' } }), path: '/session/b1/' });
    expect(screen.queryByTestId('join-session')).toBeNull();
    show({ booking: booking({ status: 'pending' }), path: '/session/b1/' });
    expect(screen.queryByTestId('join-session')).toBeNull();
  });
});
