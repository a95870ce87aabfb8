import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { DiagnosisForm } from './diagnosis-form';
import { DocumentDownloads } from './document-downloads';

const documents = {
  data: [
    {
      identifier: '00000000-0000-4000-8000-000000000001',
      kind: 'invoice',
      number: 'INV-3F2A9C1B-2027-0001',
      issuedAt: '2027-03-01T09:00:00.000Z',
      amountMinor: 500_000,
      currencyCode: 'NGN',
      bookingId: '00000000-0000-4000-8000-0000000000b1',
    },
    {
      identifier: '00000000-0000-4000-8000-000000000002',
      kind: 'receipt',
      number: 'RC-2027-000042',
      issuedAt: '2027-03-01T09:00:00.000Z',
      amountMinor: 500_000,
      currencyCode: 'NGN',
      bookingId: '00000000-0000-4000-8000-0000000000b1',
    },
  ],
};

describe('DocumentDownloads', () => {
  it("lists the session's documents with a labelled download each, and says why one cannot be had", async () => {
    const { calls } = mockApi({
      'GET /api/documents': [200, documents],
      'GET /api/documents/00000000-0000-4000-8000-000000000001/pdf': [404, { message: 'Not found', code: 'NOT_FOUND' }],
    });
    renderWithProviders(<DocumentDownloads of={{ bookingId: '00000000-0000-4000-8000-0000000000b1' }} language="en" />);
    const invoice = await screen.findByRole('button', { name: 'Download Invoice INV-3F2A9C1B-2027-0001 (PDF)' });
    expect(screen.getByRole('button', { name: 'Download Receipt RC-2027-000042 (PDF)' })).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/documents?bookingId=00000000-0000-4000-8000-0000000000b1');
    await userEvent.click(invoice);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
  });

  it('says there is nothing yet', async () => {
    mockApi({ 'GET /api/documents': [200, { data: [] }] });
    renderWithProviders(
      <DocumentDownloads of={{ transactionId: '00000000-0000-4000-8000-000000000009' }} language="en" />,
    );
    expect(
      await screen.findByText('No receipts or invoices yet. They appear here a moment after a payment.'),
    ).toBeInTheDocument();
  });
});

describe('DiagnosisForm', () => {
  const path = '/api/note/booking/00000000-0000-4000-8000-0000000000b1/diagnosis';

  it('refuses what is no ICD-10 code without saving, then saves codes in claim form', async () => {
    const { calls } = mockApi({
      [`GET ${path}`]: [200, { codes: [], placeOfService: '10', updatedAt: null }],
      [`PUT ${path}`]: [
        200,
        { codes: ['F41.1', 'Z63.0'], placeOfService: '02', updatedAt: '2027-03-01T09:00:00.000Z' },
      ],
    });
    renderWithProviders(<DiagnosisForm bookingId="00000000-0000-4000-8000-0000000000b1" />);
    const codes = await screen.findByLabelText('Diagnosis codes (ICD-10)');
    await userEvent.type(codes, 'anxiety');
    await userEvent.click(screen.getByRole('button', { name: 'Save superbill details' }));
    expect(await screen.findByText('Enter ICD-10 codes such as F41.1')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await userEvent.clear(codes);
    await userEvent.type(codes, 'f411, Z63.0');
    await userEvent.selectOptions(screen.getByLabelText('Place of service'), '02');
    await userEvent.click(screen.getByRole('button', { name: 'Save superbill details' }));
    await waitFor(() => expect(codes).toHaveValue('F41.1, Z63.0'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      codes: ['f411', 'Z63.0'],
      placeOfService: '02',
    });
  });
});
