import { screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { SessionRoomScreen } from './session-room-screen';

const BOOKING = '11111111-1111-4111-8111-111111111111';

function show() {
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <SessionRoomScreen
          bookingId={BOOKING}
          detailsPath={`/appointments/${BOOKING}/`}
          consentPath={`/appointments/${BOOKING}/consent/`}
          renderChat={() => <p>chat</p>}
          renderNotFound={() => <p>not found</p>}
        />
      ),
    },
  ]);
  return renderWithProviders(<Stub />);
}

beforeEach(() => {
  // jsdom has neither media devices nor WebRTC: the check reports both, and the room cannot be entered.
  vi.stubGlobal(
    'MediaStream',
    class {
      getTracks() {
        return [];
      }
      getAudioTracks() {
        return [];
      }
      getVideoTracks() {
        return [];
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('SessionRoomScreen', () => {
  it('runs the check before the room opens, says when it opens and keeps Join off', async () => {
    mockApi({
      [`GET /api/booking/${BOOKING}/room`]: [
        409,
        {
          code: 'ROOM_NOT_OPEN',
          message: 'The session room opens 10 minutes before the start: Tuesday, 2 March 2027 at 08:50 GMT+1.',
        },
      ],
    });
    show();
    expect(await screen.findByTestId('room-not-open')).toHaveTextContent(
      'The session room opens 10 minutes before the start: Tuesday, 2 March 2027 at 08:50 GMT+1.',
    );
    expect(screen.getByRole('button', { name: 'Join now' })).toBeDisabled();
    expect(
      await screen.findAllByText('This browser cannot use it. Try a current Chrome, Edge, Firefox or Safari.'),
    ).toHaveLength(2);
  });

  it('says a closed room is closed, with the way back to the booking', async () => {
    mockApi({
      [`GET /api/booking/${BOOKING}/room`]: [
        409,
        { code: 'ROOM_CLOSED', message: 'This session is over and its room is closed.' },
      ],
    });
    show();
    expect(await screen.findByTestId('room-notice')).toHaveTextContent('This session is over and its room is closed.');
    expect(screen.getAllByRole('link', { name: 'Back to the booking' })[0]).toHaveAttribute(
      'href',
      `/appointments/${BOOKING}/`,
    );
    expect(screen.queryByRole('button', { name: 'Join now' })).toBeNull();
  });

  it('refuses a client who has not signed the consent, with the link to sign it', async () => {
    const message =
      "Before you can join, please read and sign your therapist's telehealth consent and practice policy.";
    mockApi({ [`GET /api/booking/${BOOKING}/room`]: [409, { code: 'CONSENT_REQUIRED', message }] });
    show();
    expect(await screen.findByTestId('room-notice')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Read and sign the consent' })).toHaveAttribute(
      'href',
      `/appointments/${BOOKING}/consent/`,
    );
    expect(screen.queryByRole('button', { name: 'Join now' })).toBeNull();
  });

  it('shows the not-found page to anyone but the two participants', async () => {
    mockApi({ [`GET /api/booking/${BOOKING}/room`]: [404, { code: 'NOT_FOUND', message: 'Not found' }] });
    show();
    expect(await screen.findByText('not found')).toBeVisible();
  });
});
