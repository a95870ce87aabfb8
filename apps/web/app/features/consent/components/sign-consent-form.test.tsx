import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { SignConsentForm } from './sign-consent-form';

const BOOKING = '22222222-2222-4222-8222-222222222222';
const SIGNATURE = {
  identifier: '33333333-3333-4333-8333-333333333333',
  version: 3,
  signedName: "Chiamaka O'Neil-Adébáyọ̀",
  signedAt: '2027-03-01T09:00:00.000Z',
  ip: '127.0.0.1',
  sha256: 'a'.repeat(64),
};

async function show(onSigned = () => {}) {
  renderWithProviders(<SignConsentForm bookingId={BOOKING} version={3} onSigned={onSigned} />);
  await screen.findByLabelText('Your full name');
}

describe('SignConsentForm', () => {
  it('is signed with the keyboard alone: Tab to the name, type it, Tab to the box, Space, Enter', async () => {
    const { calls } = mockApi({ [`POST /api/booking/${BOOKING}/consent`]: [201, SIGNATURE] });
    let signed = 0;
    await show(() => signed++);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByLabelText('Your full name')).toHaveFocus();
    await user.keyboard("Chiamaka O'Neil-Adébáyọ̀");
    await user.tab();
    expect(screen.getByRole('checkbox', { name: /I have read this consent/ })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sign' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(signed).toBe(1));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/api/booking/${BOOKING}/consent`,
        body: { version: 3, signedName: "Chiamaka O'Neil-Adébáyọ̀", agreed: true },
      },
    ]);
  });

  it('names what is missing next to each field, announced, and sends nothing', async () => {
    const { calls } = mockApi({});
    await show();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your full name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Type your full name to sign',
      'Tick the box to confirm that you agree',
    ]);
    expect(screen.getByLabelText('Your full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription('Tick the box to confirm that you agree');
    expect(calls).toEqual([]);
  });

  it('shows the server refusal of an outdated version', async () => {
    mockApi({
      [`POST /api/booking/${BOOKING}/consent`]: [
        409,
        {
          code: 'CONSENT_VERSION_OUTDATED',
          message:
            'Your therapist has changed this consent since you opened it. Please read the current version and sign it.',
        },
      ],
    });
    await show();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your full name'), 'Jürgen Müller-Lüdenscheidt');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(/has changed this consent/)).toBeVisible();
  });
});
