import en from '@app/shared/i18n/en.json';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCALE_LAYOUT_ID } from '#app/lib/shell-data';
import { HIDDEN_PATHS, SHOWN_PATHS } from '../lib/spec-paths';
import { SupportLauncher } from './support-launcher';

const i18n = i18next.createInstance();
i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: en } },
  initAsync: false,
  interpolation: { escapeValue: false },
});

afterEach(() => {
  vi.unstubAllGlobals();
});
// The chunk is loaded once up front, so a launcher that wrongly shows would render within the wait below.
beforeAll(async () => {
  await import('./support-widget');
});
const rendered = () => new Promise((resolve) => setTimeout(resolve, 100));

/** Renders the launcher on `path` with the flag answered `on`; resolves once the flag was fetched. */
async function renderAt(path: string, on: boolean) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL) =>
    Response.json({ flags: { show_support_livechat: on } }, { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Stub = createRoutesStub([
    {
      id: LOCALE_LAYOUT_ID,
      path: '/',
      loader: () => ({ lang: 'en', countryCode: 'NG' }),
      children: [
        { index: true, Component: SupportLauncher },
        { path: '*', Component: SupportLauncher },
      ],
    },
  ]);
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Stub initialEntries={[path]} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  await waitFor(() => expect(client.getQueryState(['flags', 'NG'])?.status).toBe('success'));
  return { view, fetchMock };
}

describe('SupportLauncher', { timeout: 60_000 }, () => {
  it('with the flag on: shows on /overview and every other page, and its chunk loads', async () => {
    for (const path of SHOWN_PATHS) {
      const { view, fetchMock } = await renderAt(path, true);
      expect(await screen.findByRole('button', { name: 'Chat with support' }), path).toBeVisible();
      expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/flags');
      view.unmount();
    }
  });

  it('with the flag on: hides on every path SPEC.md §2 lists', async () => {
    for (const path of HIDDEN_PATHS) {
      const { view } = await renderAt(path, true);
      await rendered();
      expect(screen.queryByTestId('support-launcher'), path).toBeNull();
      view.unmount();
    }
  });

  it('with the flag off: shows nowhere', async () => {
    for (const path of [...SHOWN_PATHS, ...HIDDEN_PATHS]) {
      const { view } = await renderAt(path, false);
      await rendered();
      expect(screen.queryByTestId('support-launcher'), path).toBeNull();
      view.unmount();
    }
  });
});
