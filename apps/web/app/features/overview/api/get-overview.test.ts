import type { Overview } from '@app/shared/schemas/overview';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '#test/render';
import { loadOverview, overviewQuery } from './get-overview';

const answer = (firstName: string) => ({ role: 'client', firstName }) as unknown as Overview;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadOverview (the route clientLoader)', () => {
  it('fetches once when the cache is empty, then hands over the cached answer without a call', async () => {
    const { calls } = mockApi({ 'GET /api/overview': [200, answer('Ada')] });
    const queryClient = new QueryClient();

    const first = await loadOverview(queryClient, 'user-1');
    expect(first.overview).toMatchObject({ firstName: 'Ada' });
    expect(calls).toHaveLength(1);

    const again = await loadOverview(queryClient, 'user-1');
    expect(again.overview).toMatchObject({ firstName: 'Ada' });
    expect(again.loadedAt).toBe(first.loadedAt);
    expect(calls).toHaveLength(1);
  });

  it('shows a stale answer at once and refreshes it behind; another person never gets it', async () => {
    let name = 'Ada';
    const { calls } = mockApi({ 'GET /api/overview': () => [200, answer(name)] });
    const queryClient = new QueryClient();
    queryClient.setQueryData(overviewQuery('user-1').queryKey, answer('Ada'), { updatedAt: Date.now() - 60_000 });

    name = 'Ada (fresh)';
    const stale = await loadOverview(queryClient, 'user-1');
    expect(stale.overview).toMatchObject({ firstName: 'Ada' });
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(overviewQuery('user-1').queryKey)).toMatchObject({ firstName: 'Ada (fresh)' }),
    );
    expect(calls).toHaveLength(1);

    name = 'Bola';
    const other = await loadOverview(queryClient, 'user-2');
    expect(other.overview).toMatchObject({ firstName: 'Bola' });
    expect(calls).toHaveLength(2);
  });
});
