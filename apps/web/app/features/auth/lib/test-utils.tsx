import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '#app/ui/toast';
import { testI18n } from '#test/render';

/** Renders a component with the app's providers (i18n, a fresh QueryClient, toasts) for component tests. */
export function renderWithProviders(ui: ReactElement, { language = 'en' }: { language?: 'en' | 'de' } = {}) {
  const i18n = testI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{ui}</ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** A fetch answer for `vi.spyOn(globalThis, 'fetch')`. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
