import en from '@app/shared/i18n/en.json';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/api/client';
import { PagedList } from './paged-list';

const i18n = i18next.createInstance();
i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, initAsync: false });

interface Page {
  data: string[];
  meta: { totalPages: number };
}

function List({ load }: { load(): Promise<Page> }) {
  const query = useQuery({ queryKey: ['names'], queryFn: load });
  return (
    <PagedList query={query} empty="Nobody here yet." page={1} hrefFor={(next) => `?page=${next}`}>
      {(found) => (
        <ul aria-label="Names">
          {found.data.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function renderList(load: () => Promise<Page>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <List load={load} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('PagedList', () => {
  it('shows a spinner while the page loads, then the items', async () => {
    let answer: (page: Page) => void = () => undefined;
    renderList(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    answer({ data: ['Ada', 'Chidi'], meta: { totalPages: 1 } });
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('links to the next page when there are more', async () => {
    renderList(async () => ({ data: ['Ada'], meta: { totalPages: 3 } }));
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/?page=2');
  });

  it('says "Failed to load" with a retry that asks again', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ data: ['Ada'], meta: { totalPages: 1 } });
    renderList(load);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("says the server's reason for a refusal (403), with no retry that could not help", async () => {
    renderList(() => Promise.reject(new ApiError(403, 'VIEW_MODE_OWNER_ONLY', en.errors.VIEW_MODE_OWNER_ONLY)));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.errors.VIEW_MODE_OWNER_ONLY);
    expect(screen.queryByText('Failed to load')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the empty message when the page has no items', async () => {
    renderList(async () => ({ data: [], meta: { totalPages: 0 } }));
    expect(await screen.findByText('Nobody here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
