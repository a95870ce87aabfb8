import type { CsvImportReport } from '@app/shared/schemas/clients';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { CsvImport } from './csv-import';

const row = (
  line: number,
  status: CsvImportReport['rows'][number]['status'],
  email: string,
  reasons: string[] = [],
) => ({
  line,
  status,
  reasons,
  duplicateOf: status === 'duplicate' ? ('row' as const) : null,
  duplicateLine: status === 'duplicate' ? 2 : null,
  firstName: 'Kemi',
  lastName: 'Adebayo',
  email,
});

const report = (dryRun: boolean): CsvImportReport => ({
  dryRun,
  message: '',
  headers: ['Vorname', 'Nachname', 'E-Mail'],
  mapping: { firstName: 'Vorname', lastName: 'Nachname', email: 'E-Mail' },
  missing: [],
  delimiter: ';',
  rows: [
    row(2, dryRun ? 'ok' : 'imported', 'kemi@example.test'),
    row(3, 'invalid', 'nope', ['Email: Enter a valid email address']),
    row(4, 'duplicate', 'kemi@example.test', ['Same email as line 2']),
    row(5, dryRun ? 'ok' : 'imported', 'jonas@example.test'),
  ],
  counts: { total: 4, ok: dryRun ? 2 : 0, invalid: 1, duplicate: 1, imported: dryRun ? 0 : 2, invited: 0 },
});

afterEach(() => vi.unstubAllGlobals());

describe('CsvImport', () => {
  it('checks the file, shows the mapping and each row, then imports the valid rows', async () => {
    const { calls } = mockApi({
      'POST /api/clients/import/csv': (call) => [200, report((call.body as FormData).get('dryRun') === 'true')],
    });
    const user = userEvent.setup();
    renderWithProviders(<CsvImport language="en" />);
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(screen.getByText('File is required')).toBeVisible();
    await user.upload(screen.getByLabelText('CSV file'), new File(['a;b'], 'clients.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('4 rows: 2 ready, 1 invalid, 1 duplicates')).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveValue('Vorname');
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    const table = screen.getByTestId('csv-report');
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getByText('Email: Enter a valid email address')).toBeVisible();
    expect(within(table).getByText('Same email as line 2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Import 2 clients' }));
    expect(await screen.findByText('2 clients imported.')).toBeVisible();
    const commit = calls.at(-1)?.body as FormData;
    expect(commit.get('dryRun')).toBe('false');
    expect(JSON.parse(String(commit.get('mapping')))).toEqual({
      firstName: 'Vorname',
      lastName: 'Nachname',
      email: 'E-Mail',
    });
  });
});
