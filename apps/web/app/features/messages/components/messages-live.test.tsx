import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectThenReconnect, useFakeWebSocket } from '#test/fake-web-socket';
import { testI18n } from '#test/render';
import { MessagesLive } from './messages-live';

let restore: () => void;
beforeEach(() => {
  restore = useFakeWebSocket();
});
afterEach(() => restore());

describe('MessagesLive', () => {
  it('leaves what the page just fetched alone on the first auth.ok, and fetches it again after a reconnect', async () => {
    const client = new QueryClient();
    const invalidated: string[] = [];
    vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push(String(filters?.queryKey?.[0]));
    });
    const view = render(
      <I18nextProvider i18n={testI18n('en')}>
        <QueryClientProvider client={client}>
          <MessagesLive />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    await connectThenReconnect(() => expect(invalidated).toEqual([]));
    expect(invalidated).toEqual(['messages']);
    view.unmount();
  });
});
