import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../lib/test-utils';
import { TransactionFilters } from './transaction-filters';
import { CLIENT_TRANSACTION_TYPES } from './wallet-transactions';

describe('TransactionFilters', () => {
  it('applies a date range and a type', async () => {
    const onApply = vi.fn();
    renderWithI18n(<TransactionFilters value={{}} types={CLIENT_TRANSACTION_TYPES} onApply={onApply} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2027-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2027-01-31' } });
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'top_up');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ fromDate: '2027-01-01', toDate: '2027-01-31', transactionType: 'top_up' });
  });

  it('refuses an end date before the start date with the schema message', async () => {
    const onApply = vi.fn();
    renderWithI18n(<TransactionFilters value={{}} types={CLIENT_TRANSACTION_TYPES} onApply={onApply} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2027-02-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2027-02-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The end date must not be before the start date');
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('offers a client only the types a client can have, and clears active filters', async () => {
    const onApply = vi.fn();
    renderWithI18n(
      <TransactionFilters value={{ transactionType: 'refund' }} types={CLIENT_TRANSACTION_TYPES} onApply={onApply} />,
    );
    const options = Array.from((screen.getByLabelText('Type') as HTMLSelectElement).options).map((o) => o.text);
    expect(options).toEqual(['All types', 'Top-up', 'Session payment', 'Refund']);
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onApply).toHaveBeenCalledWith({});
  });
});
