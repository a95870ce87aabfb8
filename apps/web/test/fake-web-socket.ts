import { vi } from 'vitest';
import { setSession } from '#app/api/session';

/** A WebSocket driven by hand, for the live socket's handlers (install with `useFakeWebSocket`). */
export class FakeWebSocket {
  static OPEN = 1;
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send() {}
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

/** Fake timers and sockets and a signed-in session; `restore` undoes them. */
export function useFakeWebSocket() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  setSession({
    accessToken: 'token-1',
    accessTokenExpiresAt: Date.now() + 900_000,
    refreshTokenExpiresAt: Date.now() + 86_400_000,
    role: 'client',
    userId: 'u1',
    accountActive: true,
  });
  return () => {
    setSession(null);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  };
}

/** The first connection authenticates; then it drops and the next one authenticates (a reconnect). */
export async function connectThenReconnect(between: () => void) {
  const first = FakeWebSocket.instances.at(-1);
  first?.open();
  first?.receive({ type: 'auth.ok', userIdentifier: 'u1' });
  between();
  first?.close(1006);
  await vi.advanceTimersByTimeAsync(800);
  const second = FakeWebSocket.instances.at(-1);
  if (!second || second === first) throw new Error('no new connection after the drop');
  second.open();
  second.receive({ type: 'auth.ok', userIdentifier: 'u1' });
}
