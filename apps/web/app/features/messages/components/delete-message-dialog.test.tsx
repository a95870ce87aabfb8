import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aMessage, renderMessages } from '../lib/test-utils';
import { DeleteMessageDialog } from './delete-message-dialog';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DeleteMessageDialog', () => {
  it('waits 300 ms after confirming before it calls DELETE /messages/{id}', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(aMessage({ text: null, deletedAt: '2027-01-01T10:01:00.000Z' })), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onOpenChange = vi.fn();
    renderMessages(<DeleteMessageDialog message={aMessage()} open onOpenChange={onOpenChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/messages/11111111-1111-4111-8111-111111111111');
    expect(init.method).toBe('DELETE');
  });
});
