import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '#app/api/session';
import { isReconnect, type LiveEvent, liveSocket } from './live-socket';

class FakeWebSocket {
  static OPEN = 1;
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(event: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

function session(token: string) {
  return {
    accessToken: token,
    accessTokenExpiresAt: Date.now() + 900_000,
    refreshTokenExpiresAt: Date.now() + 86_400_000,
    role: 'client' as const,
    userId: 'u1',
    accountActive: true,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  setSession(session('token-1'));
});

afterEach(() => {
  setSession(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('liveSocket', () => {
  it('authenticates with a first frame (never the URL), re-authenticates on refresh, reconnects after a drop', async () => {
    const events: string[] = [];
    const unsubscribe = liveSocket.subscribe((event) => events.push(event.type));
    const release = liveSocket.retain();
    const first = FakeWebSocket.instances[0];
    expect(first?.url).toMatch(/\/api\/ws$/);
    expect(first?.url).not.toContain('token');
    first?.open();
    expect(first?.sent[0]).toEqual({ type: 'auth', token: 'token-1' });
    first?.receive({ type: 'auth.ok', userIdentifier: 'u1' });
    expect(liveSocket.getStatus()).toBe('online');

    setSession(session('token-2'));
    expect(first?.sent.at(-1)).toEqual({ type: 'auth', token: 'token-2' });

    // A dropped connection: offline, then a new socket after the backoff.
    first?.close(1006);
    expect(liveSocket.getStatus()).toBe('offline');
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(800);
    const second = FakeWebSocket.instances[1];
    expect(second).toBeDefined();
    second?.open();
    expect(second?.sent[0]).toEqual({ type: 'auth', token: 'token-2' });
    second?.receive({ type: 'auth.ok', userIdentifier: 'u1' });
    expect(liveSocket.getStatus()).toBe('online');
    second?.receive({ type: 'message.new', message: {} });
    expect(events).toEqual(['auth.ok', 'auth.ok', 'message.new']);

    unsubscribe();
    release();
    expect(liveSocket.getStatus()).toBe('idle');
  });

  it('retries once with a token the page renewed meanwhile before it refreshes itself', async () => {
    const refreshes = vi.fn(
      async (_input: RequestInfo | URL) => new Response(JSON.stringify({ message: 'no' }), { status: 401 }),
    );
    vi.stubGlobal('fetch', refreshes);
    const release = liveSocket.retain();
    const first = FakeWebSocket.instances.at(-1);
    first?.open();
    expect(first?.sent[0]).toEqual({ type: 'auth', token: 'token-1' });
    // The page renews its token while the server is refusing the first one.
    setSession(session('token-2'));
    first?.close(4401);
    await vi.advanceTimersByTimeAsync(300);
    expect(refreshes).not.toHaveBeenCalled();
    const second = FakeWebSocket.instances.at(-1);
    expect(second).not.toBe(first);
    second?.open();
    expect(second?.sent[0]).toEqual({ type: 'auth', token: 'token-2' });

    // Refused again with that token: now the socket refreshes (refused here: signed out, idle).
    second?.close(4401);
    await vi.advanceTimersByTimeAsync(300);
    expect(refreshes).toHaveBeenCalledTimes(1);
    expect(String(refreshes.mock.calls[0]?.[0])).toContain('/api/auth/refresh');
    expect(liveSocket.getStatus()).toBe('idle');
    release();
  });

  it('backs off longer after each failed attempt', async () => {
    const release = liveSocket.retain();
    FakeWebSocket.instances[0]?.close(1006);
    await vi.advanceTimersByTimeAsync(800);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.instances[1]?.close(1006);
    await vi.advanceTimersByTimeAsync(800);
    expect(FakeWebSocket.instances).toHaveLength(2); // waits about a second now
    await vi.advanceTimersByTimeAsync(600);
    expect(FakeWebSocket.instances).toHaveLength(3);
    release();
  });

  it('marks only an auth.ok that follows a drop as a reconnect: not the first, not a renewed token', async () => {
    const events: LiveEvent[] = [];
    const unsubscribe = liveSocket.subscribe((event) => events.push(event));
    const release = liveSocket.retain();
    const first = FakeWebSocket.instances.at(-1);
    first?.open();
    first?.receive({ type: 'auth.ok', userIdentifier: 'u1' });
    // A renewed token on the open socket is answered with auth.ok too.
    setSession(session('token-2'));
    first?.receive({ type: 'auth.ok', userIdentifier: 'u1' });
    first?.close(1006);
    await vi.advanceTimersByTimeAsync(800);
    const second = FakeWebSocket.instances.at(-1);
    second?.open();
    second?.receive({ type: 'auth.ok', userIdentifier: 'u1' });
    expect(events.map(isReconnect)).toEqual([false, false, true]);

    // Started afresh (the last user left): its first connection is no reconnect either.
    unsubscribe();
    release();
    const seen: LiveEvent[] = [];
    const again = liveSocket.subscribe((event) => seen.push(event));
    const releaseAgain = liveSocket.retain();
    FakeWebSocket.instances.at(-1)?.open();
    FakeWebSocket.instances.at(-1)?.receive({ type: 'auth.ok', userIdentifier: 'u1' });
    expect(seen.map(isReconnect)).toEqual([false]);
    again();
    releaseAgain();
  });
});
