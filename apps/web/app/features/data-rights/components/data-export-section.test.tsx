import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { DataExportSection } from './data-export-section';

afterEach(() => vi.unstubAllGlobals());

const pending = {
  identifier: '11111111-1111-4111-8111-111111111111',
  status: 'pending',
  requestedAt: '2027-03-01T09:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  sizeBytes: null,
  download: null,
};

describe('DataExportSection', () => {
  it('starts an export, shows it being prepared, then offers the download link', async () => {
    let state: unknown = { export: null };
    const { calls } = mockApi({
      'GET /api/user/data-export': () => [200, state],
      'POST /api/user/data-export': () => {
        state = { export: pending };
        return [202, state];
      },
    });
    const { unmount } = renderWithProviders(<DataExportSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Prepare my data' }));
    expect(await screen.findByText(/We are preparing your data\. This takes a few moments/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Prepare/ })).toBeNull();
    unmount();

    state = {
      export: {
        ...pending,
        status: 'ready',
        finishedAt: '2027-03-01T09:00:05.000Z',
        expiresAt: '2027-03-08T09:00:05.000Z',
        sizeBytes: 20_480,
        download: { url: '/api/files/abc.def', expiresAt: '2027-03-01T09:05:05.000Z' },
      },
    };
    renderWithProviders(<DataExportSection />);
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/files/abc.def');
    expect(screen.getByText(/Your data is ready \(20 KB\).*2027/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prepare a new copy' })).toBeInTheDocument();
  });
});
