import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '#test/render';
import { AmountInput, formatAmountText } from './amount-input';

function Controlled({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <AmountInput label="Amount (NGN)" currency="NGN" value={value} onChange={setValue} />;
}

describe('formatAmountText', () => {
  it('keeps digits and commas only and regroups the thousands', () => {
    expect(formatAmountText('1234567')).toBe('1,234,567');
    expect(formatAmountText('12a3.4-5')).toBe('12,345');
    expect(formatAmountText('1,2,3,4')).toBe('1,234');
    expect(formatAmountText('500')).toBe('500');
    expect(formatAmountText('')).toBe('');
  });
});

describe('AmountInput', () => {
  it('shows thousands separators while typing', async () => {
    renderWithI18n(<Controlled />);
    const input = screen.getByLabelText('Amount (NGN)');
    await userEvent.type(input, '1');
    expect(input).toHaveValue('1');
    await userEvent.type(input, '234');
    expect(input).toHaveValue('1,234');
    await userEvent.type(input, '567');
    expect(input).toHaveValue('1,234,567');
  });

  it('ignores anything but digits and commas', async () => {
    renderWithI18n(<Controlled />);
    const input = screen.getByLabelText('Amount (NGN)');
    await userEvent.type(input, '5x0.0-0 ₦0');
    expect(input).toHaveValue('50,000');
  });

  it('keeps the caret beside the digit it followed when the separators move', async () => {
    renderWithI18n(<Controlled initial="1,000" />);
    const input = screen.getByLabelText('Amount (NGN)') as HTMLInputElement;
    // Caret after the "1", then type "2": 12,000 with the caret after the "2".
    input.focus();
    input.setSelectionRange(1, 1);
    await userEvent.keyboard('2');
    expect(input).toHaveValue('12,000');
    expect(input.selectionStart).toBe(2);
  });

  it('shows the currency symbol and links the error to the input', () => {
    renderWithI18n(
      <AmountInput label="Amount (GBP)" currency="GBP" value="4" onChange={() => undefined} error="Too low" />,
    );
    expect(screen.getByText('£')).toBeInTheDocument();
    const input = screen.getByLabelText('Amount (GBP)');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Too low');
  });
});
