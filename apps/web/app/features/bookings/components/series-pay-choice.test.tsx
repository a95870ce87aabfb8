import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderBooking } from '../lib/test-utils';
import { type PayScope, SeriesPayChoice } from './series-pay-choice';

function Harness({ onChange }: { onChange(scope: PayScope): void }) {
  const [scope, setScope] = useState<PayScope>('series');
  return (
    <SeriesPayChoice
      value={scope}
      onChange={(next) => {
        setScope(next);
        onChange(next);
      }}
      unpaidCount={4}
      totalMinor={6_000_000}
      priceMinor={1_500_000}
      currencyCode="NGN"
    />
  );
}

describe('paying a series at once', () => {
  it('offers the whole series (the total of its unpaid sessions) first, and this session alone', async () => {
    const onChange = vi.fn();
    renderBooking(<Harness onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'What would you like to pay?' });
    const all = screen.getByRole('radio', { name: /The whole series: 4 unpaid sessions/ });
    const one = screen.getByRole('radio', { name: /Only this session/ });
    expect(group).toContainElement(all);
    expect(all).toBeChecked();
    expect(all.closest('label')).toHaveTextContent('₦60,000.00');
    expect(one.closest('label')).toHaveTextContent('₦15,000.00');

    await userEvent.setup().click(one);
    expect(onChange).toHaveBeenCalledWith('session');
    expect(one).toBeChecked();
    expect(all).not.toBeChecked();
  });

  it('says so in German, with the amounts as a German reader writes them', () => {
    renderBooking(<Harness onChange={() => undefined} />, { language: 'de' });
    const all = screen.getByRole('radio', { name: /Die ganze Serie: 4 unbezahlte Sitzungen/ });
    expect(all).toBeChecked();
    expect(all.closest('label')?.textContent).toMatch(/60\.000,00\s₦/);
    expect(screen.getByRole('radio', { name: /Nur diese Sitzung/ }).closest('label')?.textContent).toMatch(
      /15\.000,00\s₦/,
    );
  });
});
