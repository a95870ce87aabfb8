import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { ModalProvider } from '#app/ui/modal-manager';
import { ToastProvider } from '#app/ui/toast';
import { testI18n } from '#test/render';

/** Only i18n: for components without data (the pending-payment overlay, the amount input). */
export function renderWithI18n(ui: ReactNode, { language = 'en' }: { language?: 'en' | 'de' } = {}) {
  return render(<I18nextProvider i18n={testI18n(language)}>{ui}</I18nextProvider>);
}

/** i18n, a fresh QueryClient (no retries), toasts and the modal manager. */
export function renderWithProviders(ui: ReactNode, { language = 'en' }: { language?: 'en' | 'de' } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={testI18n(language)}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ModalProvider>{ui}</ModalProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient };
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

type Answer = [number, unknown];

/** Replaces fetch with `"METHOD /api/path"` → answer (or a function of the call); records every call. */
export function mockApi(routes: Record<string, Answer | ((call: RecordedCall) => Answer)>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    const call = { method, path: url.pathname + url.search, body, headers: new Headers(init?.headers) };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (!route) return new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404 });
    const [status, answer] = typeof route === 'function' ? route(call) : route;
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
