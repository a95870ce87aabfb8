import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useClearQueries, useDeferredQuery } from './deferred-query';
import { getQueryClient } from './query-client';

function Shows({ enabled = true, queryFn }: { enabled?: boolean; queryFn: () => Promise<string> }) {
  const result = useDeferredQuery({ queryKey: ['deferred-test'], queryFn }, enabled);
  return <p>{result.isPending ? 'pending' : `data: ${result.data}`}</p>;
}

function withClient(client: QueryClient, ui: ReactNode) {
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

afterEach(() => {
  getQueryClient().clear();
});

describe('useDeferredQuery', () => {
  it('without a provider: pending at first, then the answer, fetched once through the browser cache', async () => {
    const queryFn = vi.fn(async () => 'zone');
    render(<Shows queryFn={queryFn} />);
    expect(screen.getByText('pending')).toBeInTheDocument();
    await screen.findByText('data: zone');
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(getQueryClient().getQueryData(['deferred-test'])).toBe('zone');
  });

  it('shows what the enclosing provider already holds on the first render, without fetching it again', () => {
    const client = new QueryClient();
    client.setQueryData(['deferred-test'], 'cached');
    const queryFn = vi.fn(async () => 'fresh');
    render(withClient(client, <Shows queryFn={queryFn} />));
    expect(screen.getByText('data: cached')).toBeInTheDocument();
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('follows later changes of the cache (a saved zone shows at once)', async () => {
    const client = new QueryClient();
    render(withClient(client, <Shows queryFn={async () => 'first'} />));
    await screen.findByText('data: first');
    act(() => client.setQueryData(['deferred-test'], 'second'));
    await screen.findByText('data: second');
  });

  it('fetches nothing while not enabled and answers pending', async () => {
    const queryFn = vi.fn(async () => 'zone');
    const client = new QueryClient();
    client.setQueryData(['deferred-test'], 'cached');
    render(withClient(client, <Shows enabled={false} queryFn={queryFn} />));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('pending')).toBeInTheDocument();
    expect(queryFn).not.toHaveBeenCalled();
  });
});

function ClearButton() {
  const clear = useClearQueries();
  return (
    <button type="button" onClick={() => void clear()}>
      clear
    </button>
  );
}

describe('useClearQueries', () => {
  it('empties the enclosing provider’s cache', async () => {
    const client = new QueryClient();
    client.setQueryData(['kept'], 1);
    render(withClient(client, <ClearButton />));
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(client.getQueryData(['kept'])).toBeUndefined());
  });

  it('without a provider: empties the browser’s cache', async () => {
    getQueryClient().setQueryData(['kept'], 1);
    render(<ClearButton />);
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(getQueryClient().getQueryData(['kept'])).toBeUndefined());
  });
});
