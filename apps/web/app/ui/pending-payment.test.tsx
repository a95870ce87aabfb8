import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '#test/render';
import { PENDING_ICON_INTERVAL_MS, PENDING_SLOW_AFTER_MS, PendingPayment } from './pending-payment';

describe('PendingPayment', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says "We are processing your request" with a secure SSL line for a paid booking', () => {
    renderWithI18n(<PendingPayment kind="paid" onRefresh={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'We are processing your request' });
    expect(dialog).toHaveAccessibleDescription('Please do not close this window or go back.');
    expect(screen.getByText('Secure SSL payment')).toBeInTheDocument();
  });

  it('says "We are processing your session booking" without the SSL line for a free booking', () => {
    renderWithI18n(<PendingPayment kind="free" onRefresh={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'We are processing your session booking' })).toBeInTheDocument();
    expect(screen.queryByText('Secure SSL payment')).not.toBeInTheDocument();
  });

  it('changes the icon every 350 ms and starts over after the last one', () => {
    renderWithI18n(<PendingPayment kind="paid" onRefresh={() => undefined} />);
    const icon = () => screen.getByTestId('pending-icon').getAttribute('data-icon');
    expect(icon()).toBe('card');
    act(() => vi.advanceTimersByTime(PENDING_ICON_INTERVAL_MS - 1));
    expect(icon()).toBe('card');
    act(() => vi.advanceTimersByTime(1));
    expect(icon()).toBe('lock');
    act(() => vi.advanceTimersByTime(PENDING_ICON_INTERVAL_MS));
    expect(icon()).toBe('wallet');
    act(() => vi.advanceTimersByTime(PENDING_ICON_INTERVAL_MS * 2));
    expect(icon()).toBe('card');
  });

  it('adds "This is taking longer than expected." with a refresh link after 15 seconds', () => {
    const onRefresh = vi.fn();
    renderWithI18n(<PendingPayment kind="paid" onRefresh={onRefresh} />);
    act(() => vi.advanceTimersByTime(PENDING_SLOW_AFTER_MS - 1));
    expect(screen.queryByText(/This is taking longer than expected\./)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(/This is taking longer than expected\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('cannot be dismissed with Escape', () => {
    renderWithI18n(<PendingPayment kind="paid" onRefresh={() => undefined} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('stops its timers when it goes away', () => {
    const { unmount } = renderWithI18n(<PendingPayment kind="free" onRefresh={() => undefined} />);
    unmount();
    // Anything still scheduled after one round would be our interval, left running.
    act(() => vi.runOnlyPendingTimers());
    expect(vi.getTimerCount()).toBe(0);
  });
});
