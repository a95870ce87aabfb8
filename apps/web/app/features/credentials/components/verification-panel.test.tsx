import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalProvider } from '#app/ui/modal-manager';
import { ToastProvider } from '#app/ui/toast';
import { testI18n } from '#test/render';
import { VerificationPanel } from './verification-panel';

function renderPanel(language: 'en' | 'de' = 'en') {
  const i18n = testI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ModalProvider>
            <VerificationPanel />
          </ModalProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('VerificationPanel', () => {
  it("shows a rejection's status and note, what is missing, and submits behind the document review notice", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const call = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
        calls.push(call);
        if (call === 'PUT /api/provider/verification-submission')
          return answer(200, {
            status: 'submitted',
            listed: false,
            note: 'Scan unreadable.',
            decidedAt: null,
            missing: [],
          });
        return answer(200, {
          status: 'rejected',
          listed: false,
          note: 'Scan unreadable.',
          decidedAt: '2027-03-01T09:00:00.000Z',
          missing: ['insurance'],
        });
      }),
    );
    renderPanel();
    expect(await screen.findByTestId('verification-status')).toHaveTextContent('Changes requested');
    expect(screen.getByTestId('verification-note')).toHaveTextContent('Scan unreadable.');
    expect(screen.getByText('an indemnity insurance that has not expired')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Document review notice' });
    expect(calls).not.toContain('PUT /api/provider/verification-submission');
    await userEvent.click(
      Array.from(dialog.querySelectorAll('button')).find((button) => button.textContent === 'Submit') as HTMLElement,
    );
    await waitFor(() => expect(screen.getByTestId('verification-status')).toHaveTextContent('Under review'));
    expect(calls).toContain('PUT /api/provider/verification-submission');
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
  });

  it('speaks German', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { status: 'approved', listed: true, note: null, decidedAt: null, missing: [] })),
    );
    renderPanel('de');
    expect(await screen.findByTestId('verification-status')).toHaveTextContent('Freigegeben');
    expect(screen.getByText('Dein Profil ist für Klientinnen und Klienten sichtbar.')).toBeInTheDocument();
  });
});
