import { infiniteQueryOptions, QueryClient, queryOptions } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Viewer, WebServices } from '#app/lib/load-context';
import { apiGet } from './api-get';
import { answeredQueries, answerOf, seedAnsweredQueries } from './page-queries';

const viewer: Viewer = { userId: 'client-1', role: 'client', sessionId: 'session-1' };
const balance = queryOptions({ queryKey: ['wallet', 'balance'], ...apiGet<{ balance: number }>('/wallet/balance') });
const stats = queryOptions({ queryKey: ['wallet', 'stats'], ...apiGet<{ spent: number }>('/wallet/stats?month=1') });

function servicesAnswering(answers: unknown[]) {
  const answer = vi.fn(async () => answers);
  return { services: { answers: answer } as unknown as WebServices['signedIn'], answer };
}

describe('a signed-in page’s queries answered on the server', () => {
  it('asks the API for each query’s own path and hands the answers over as the cache would hold them', async () => {
    const { services, answer } = servicesAnswering([{ balance: 1_250_00 }, null]);
    const request = new Request('http://localhost/de/wallet/');
    const rendered = await answeredQueries(services, viewer, { request, language: 'de', queries: [balance, stats] });
    expect(answer).toHaveBeenCalledWith(viewer, {
      request,
      language: 'de',
      paths: ['/wallet/balance', '/wallet/stats?month=1'],
    });
    expect(rendered.userId).toBe('client-1');
    expect(answerOf(rendered, ['wallet', 'balance'])).toEqual({ balance: 1_250_00 });
    expect(answerOf(rendered, stats.queryKey)).toBeUndefined();

    const browser = new QueryClient();
    expect(seedAnsweredQueries(browser, rendered, 'client-1')).toBe(true);
    expect(browser.getQueryData(balance.queryKey)).toEqual({ balance: 1_250_00 });
    // What the API did not answer is left for the browser to fetch.
    expect(browser.getQueryState(stats.queryKey)).toBeUndefined();
  });

  it('hands an infinite query its first page, as the cache holds pages', async () => {
    const chats = infiniteQueryOptions({
      queryKey: ['messages', 'chat-list', ''],
      queryFn: async () => ({ data: [], nextCursor: null }),
      initialPageParam: null as string | null,
      getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
      meta: { path: '/messages/chat-list' },
    });
    const first = { data: [{ identifier: 'c-1' }], nextCursor: 'next' };
    const { services, answer } = servicesAnswering([first]);
    const rendered = await answeredQueries(services, viewer, {
      request: new Request('http://localhost/messages/'),
      language: 'en',
      queries: [chats],
    });
    expect(answer).toHaveBeenCalledWith(viewer, expect.objectContaining({ paths: ['/messages/chat-list'] }));
    const browser = new QueryClient();
    seedAnsweredQueries(browser, rendered, 'client-1');
    expect(browser.getQueryData(chats.queryKey)).toEqual({ pages: [first], pageParams: [null] });
  });

  it('seeds nothing in a tab whose session is someone else (view mode) or when the server rendered nothing', async () => {
    const { services } = servicesAnswering([{ balance: 5 }, { spent: 1 }]);
    const rendered = await answeredQueries(services, viewer, {
      request: new Request('http://localhost/wallet/'),
      language: 'en',
      queries: [balance, stats],
    });
    const browser = new QueryClient();
    expect(seedAnsweredQueries(browser, rendered, 'someone-else')).toBe(false);
    expect(seedAnsweredQueries(browser, null, 'client-1')).toBe(false);
    expect(browser.getQueryCache().getAll()).toEqual([]);
  });

  it('refuses a query that names no API path, rather than render without it unseen', async () => {
    const { services, answer } = servicesAnswering([]);
    const local = queryOptions({ queryKey: ['local'], queryFn: async () => 1 });
    await expect(
      answeredQueries(services, viewer, {
        request: new Request('http://localhost/'),
        language: 'en',
        queries: [local],
      }),
    ).rejects.toThrow('has no API path');
    expect(answer).not.toHaveBeenCalled();
  });
});
