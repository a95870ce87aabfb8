import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from './test-render';
import { WorkHistoryForm } from './work-history-form';

describe('WorkHistoryForm', () => {
  it('ticking "I currently work here" clears and hides the end date, and saves without one', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderInLanguage(<WorkHistoryForm onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Company name'), 'Lagos Clinic');
    await userEvent.type(screen.getByLabelText('Job title'), 'Therapist');
    const start = screen.getByLabelText('Start date');
    expect(start).toHaveAttribute('type', 'month');
    expect(start).toHaveAttribute('min', '1900-01');
    expect(start).toHaveAttribute('max', '2099-12');
    await userEvent.type(start, '2019-04');
    await userEvent.type(screen.getByLabelText('End date'), '2022-06');
    await userEvent.click(screen.getByLabelText('I currently work here'));
    expect(screen.queryByLabelText('End date')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      companyName: 'Lagos Clinic',
      startDate: '2019-04',
      endDate: null,
      currentlyWorksHere: true,
    });
    // Unticking shows an empty end date again.
    await userEvent.click(screen.getByLabelText('I currently work here'));
    expect(screen.getByLabelText('End date')).toHaveValue('');
  });

  it('refuses a month outside 1900-01..2099-12 and a missing end date, without saving', async () => {
    const onSave = vi.fn();
    renderInLanguage(<WorkHistoryForm onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Company name'), 'Lagos Clinic');
    await userEvent.type(screen.getByLabelText('Job title'), 'Therapist');
    await userEvent.type(screen.getByLabelText('Start date'), '1899-12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a month between 1900-01 and 2099-12')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('prefills an entry for editing', () => {
    renderInLanguage(
      <WorkHistoryForm
        onSave={vi.fn()}
        initial={{
          identifier: '7d1c7f0e-8f43-4c5b-9a57-0d1a4e3b9c11',
          companyName: 'Berlin Praxis',
          jobTitle: 'Psychotherapeutin',
          startDate: '2020-01',
          endDate: null,
          currentlyWorksHere: true,
          description: null,
        }}
      />,
      'de',
    );
    expect(screen.getByLabelText('Arbeitgeber')).toHaveValue('Berlin Praxis');
    expect(screen.getByLabelText('Ich arbeite derzeit hier')).toBeChecked();
    expect(screen.queryByLabelText('Ende')).not.toBeInTheDocument();
  });
});
