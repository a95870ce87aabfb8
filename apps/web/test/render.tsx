import de from '@app/shared/i18n/de.json';
import en from '@app/shared/i18n/en.json';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createRoutesStub, Outlet } from 'react-router';
import { vi } from 'vitest';
import { type ModalName, ModalProvider, useModals } from '#app/ui/modal-manager';
import { ToastProvider } from '#app/ui/toast';

const i18n = testI18n('en');

function OpenOnMount({ name }: { name?: ModalName }) {
  const modals = useModals();
  useEffect(() => {
    if (name) (modals.open as (name: ModalName) => void)(name);
  }, [name, modals.open]);
  return null;
}

/** Renders with i18n (en), a fresh QueryClient, toasts and the modal manager; `openModal` opens a dialog by name. */
export function renderWithProviders(ui: ReactNode, options: { openModal?: ModalName } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ModalProvider>
            <OpenOnMount name={options.openModal} />
            {ui}
          </ModalProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Replaces fetch with a router of `"METHOD /api/path"` → [status, body] answers and records calls.
 */
export function mockApi(routes: Record<string, [number, unknown] | ((call: RecordedCall) => [number, unknown])>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    const call = { method, path: url.pathname + url.search, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (!route) return new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404 });
    const [status, answer] = typeof route === 'function' ? route(call) : route;
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

type StubRoutes = Parameters<typeof createRoutesStub>[0];

/**
 * `routes` at `url` inside a stand-in locale layout (its loader gives `lang`, as useLocaleData reads
 * it), so links, `useSearchParams`, a route's own loader and the page's language work; with the
 * providers above.
 */
export function renderRoutesAtUrl(routes: StubRoutes, url: string, options: { openModal?: ModalName } = {}) {
  const Stub = createRoutesStub([
    {
      id: 'routes/locale-layout',
      path: '/:lang?',
      loader: () => ({ lang: 'en', countryCode: 'NG' }),
      HydrateFallback: () => null,
      Component: () => <Outlet />,
      children: routes,
    },
  ]);
  return renderWithProviders(<Stub initialEntries={[url]} />, options);
}

/** `ui` at `url` inside a stand-in locale layout (renderRoutesAtUrl with one page). */
export function renderAtUrl(ui: ReactNode, url: string, options: { openModal?: ModalName } = {}) {
  return renderRoutesAtUrl([{ path: '*', Component: () => ui }], url, options);
}

/** A fresh i18n instance of the app's catalog in `language` (component tests). */
export function testI18n(language: 'en' | 'de') {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: language === 'de' ? de : en } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** Only i18n, in either language: for components without data (the pending-payment overlay, the amount input). */
export function renderWithI18n(ui: ReactNode, { language = 'en' }: { language?: 'en' | 'de' } = {}) {
  const instance = testI18n(language);
  return render(<I18nextProvider i18n={instance}>{ui}</I18nextProvider>);
}
