import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../lib/test-utils';
import { BalanceCard } from './balance-card';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BalanceCard', () => {
  it("shows the balance in the owner's currency", async () => {
    mockApi({ 'GET /api/wallet/balance': [200, { balance: 1_250_050, currency: 'NGN', others: [] }] });
    renderWithProviders(<BalanceCard language="en" onTopUp={vi.fn()} />);
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦12,500.50');
  });

  it("formats the amount in the reader's language, whatever the currency", async () => {
    mockApi({ 'GET /api/wallet/balance': [200, { balance: 123_456, currency: 'EUR', others: [] }] });
    const english = renderWithProviders(<BalanceCard language="en" onTopUp={vi.fn()} />);
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('€1,234.56');
    english.unmount();
    renderWithProviders(<BalanceCard language="de" onTopUp={vi.fn()} />, { language: 'de' });
    expect((await screen.findByTestId('wallet-balance')).textContent?.replace(/\s/g, ' ')).toBe('1.234,56 €');
  });

  it("says 'Failed to load' when the balance call fails, and tries again on request", async () => {
    let answer: [number, unknown] = [500, { code: 'INTERNAL', message: 'Something went wrong' }];
    mockApi({ 'GET /api/wallet/balance': () => answer });
    renderWithProviders(<BalanceCard language="en" onTopUp={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load');
    answer = [200, { balance: 50_000, currency: 'GBP', others: [] }];
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('£500.00');
  });

  it("shows the money it holds in other currencies, in the reader's language", async () => {
    const others = [
      { balance: 500_000, currency: 'NGN' },
      { balance: 2_000, currency: 'USD' },
    ];
    mockApi({ 'GET /api/wallet/balance': [200, { balance: 0, currency: 'GBP', others }] });
    const english = renderWithProviders(<BalanceCard language="en" onTopUp={vi.fn()} />);
    expect(await screen.findByTestId('wallet-other-balances')).toHaveTextContent(
      'Also in your wallet: ₦5,000.00 and $20.00. It pays for sessions priced in the same currency.',
    );
    english.unmount();
    renderWithProviders(<BalanceCard language="de" onTopUp={vi.fn()} />, { language: 'de' });
    expect((await screen.findByTestId('wallet-other-balances')).textContent?.replace(/\s/g, ' ')).toBe(
      'Außerdem in deinem Guthaben: 5.000,00 ₦ und 20,00 $. Damit bezahlst du Sitzungen in derselben Währung.',
    );
  });

  it('opens the top-up from its button', async () => {
    mockApi({ 'GET /api/wallet/balance': [200, { balance: 0, currency: 'NGN', others: [] }] });
    const onTopUp = vi.fn();
    renderWithProviders(<BalanceCard language="en" onTopUp={onTopUp} />);
    await userEvent.click(screen.getByRole('button', { name: 'Top up wallet' }));
    expect(onTopUp).toHaveBeenCalled();
  });
});
