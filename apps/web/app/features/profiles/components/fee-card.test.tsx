import type { ProviderProfile } from '@app/shared/schemas/profiles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { FeeCard } from './fee-card';

const COUPLES = '7d0e3c55-4a55-4c1e-9a39-4c6f1f7e0c11';

const profile = {
  profileInfo: { country: { identifier: '7d0e3c55-4a55-4c1e-9a39-4c6f1f7e0a01', code: 'NG' } },
  bookingFee: {
    general: { fee: 1_500_000, isFree: false, currencyCode: 'NGN' },
    therapy: [{ therapyIdentifier: COUPLES, fee: 2_500_000, isFree: false, currencyCode: 'NGN' }],
  },
} as unknown as ProviderProfile;

afterEach(() => vi.unstubAllGlobals());

describe('FeeCard', () => {
  it('opens one dialog with the general fee, and one with a therapy’s own fee', async () => {
    mockApi({ 'GET /api/categories/therapy': [200, [{ identifier: COUPLES, name: 'Couples Therapy' }]] });
    renderWithProviders(<FeeCard profile={profile} />);
    await screen.findByText('Couples Therapy');

    await userEvent.click(screen.getByRole('button', { name: 'Change fee' }));
    const general = screen.getAllByRole('dialog');
    expect(general).toHaveLength(1);
    expect(within(general[0] as HTMLElement).getByRole('textbox')).toHaveValue('15000');
    await userEvent.click(within(general[0] as HTMLElement).getByRole('button', { name: /close|×/i }));

    await userEvent.click(screen.getByRole('button', { name: 'Set the fee for Couples Therapy' }));
    const therapy = screen.getAllByRole('dialog');
    expect(therapy).toHaveLength(1);
    expect(therapy[0]).toHaveAccessibleName('Fee for Couples Therapy');
    expect(within(therapy[0] as HTMLElement).getByRole('textbox')).toHaveValue('25000');
  });
});
