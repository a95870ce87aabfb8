import { EventEmitter } from 'node:events';
import { createSigner } from 'fast-jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { AppError } from '../app-error.ts';
import { createInProcessBus } from './bus.ts';
import { CLOSE_SESSION_ENDED, CLOSE_UNAUTHENTICATED, createRealtimeHub } from './hub.ts';

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: Array<Record<string, unknown>> = [];
  closedWith: number | null = null;
  pings = 0;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  ping() {
    this.pings++;
  }
  terminate() {
    this.close(1006);
  }
  frame(data: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(data)));
  }
}

async function token(sub: string, sid: string, expSeconds: number) {
  return createSigner({ key: 'k'.repeat(32), algorithm: 'HS256', noTimestamp: true })({ sid, sub, exp: expSeconds });
}

const FAKED = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const;
const flush = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

function makeHub(live: Set<string>, now: () => Date) {
  return createRealtimeHub({
    bus: createInProcessBus(),
    now,
    heartbeatMs: 1000,
    authTimeoutMs: 500,
    async verifyToken(raw) {
      const [, body] = raw.split('.');
      const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
      if (claims.exp * 1000 <= now().getTime()) throw new AppError('TOKEN_EXPIRED');
      return { userId: claims.sub, role: 'client', sessionId: claims.sid };
    },
    async liveSessions(ids) {
      return new Set(ids.filter((id) => live.has(id)));
    },
  });
}

describe('realtime hub', () => {
  it('publishes to the subscribed user only, closes on token expiry unless re-authenticated', async () => {
    vi.useFakeTimers({ now: new Date('2027-01-01T00:00:00Z'), toFake: [...FAKED] });
    const hub = makeHub(new Set(['s1']), () => new Date());
    const socket = new FakeSocket();
    socket.ping = () => socket.emit('pong'); // a healthy peer
    hub.accept(socket as unknown as WebSocket);
    const start = Date.now() / 1000;
    socket.frame({ type: 'auth', token: await token('u1', 's1', start + 60) });
    await vi.advanceTimersByTimeAsync(0);
    await flush();
    expect(socket.sent[0]).toEqual({ type: 'auth.ok', userIdentifier: 'u1' });
    await hub.publish(['u2'], { type: 'x' });
    await hub.publish(['u1'], { type: 'y' });
    expect(socket.sent.map((event) => event.type)).toEqual(['auth.ok', 'y']);

    // Re-auth with a later token before expiry keeps the socket open past the first expiry.
    socket.frame({ type: 'auth', token: await token('u1', 's1', start + 120) });
    await vi.advanceTimersByTimeAsync(0);
    await flush();
    await vi.advanceTimersByTimeAsync(61_000);
    expect(socket.closedWith).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.closedWith).toBe(CLOSE_UNAUTHENTICATED);
    await hub.close();
  });

  it('drops a socket that stops answering pings, and one whose session ends', async () => {
    vi.useFakeTimers({ now: new Date('2027-01-01T00:00:00Z'), toFake: [...FAKED] });
    const live = new Set(['s1', 's2']);
    const hub = makeHub(live, () => new Date());
    const silent = new FakeSocket();
    const revoked = new FakeSocket();
    hub.accept(silent as unknown as WebSocket);
    hub.accept(revoked as unknown as WebSocket);
    const exp = Date.now() / 1000 + 3600;
    silent.frame({ type: 'auth', token: await token('u1', 's1', exp) });
    revoked.frame({ type: 'auth', token: await token('u2', 's2', exp) });
    await vi.advanceTimersByTimeAsync(0);
    await flush();
    live.delete('s2');
    revoked.on('ping', () => {});
    await vi.advanceTimersByTimeAsync(1000); // first tick: pings, session check
    await flush();
    expect(revoked.closedWith).toBe(CLOSE_SESSION_ENDED);
    await vi.advanceTimersByTimeAsync(1000); // no pong from `silent` since the last ping
    expect(silent.closedWith).not.toBeNull();
    expect(hub.socketCount()).toBe(0);
    await hub.close();
  });

  it('closes a socket that never authenticates', async () => {
    vi.useFakeTimers({ toFake: [...FAKED] });
    const hub = makeHub(new Set(), () => new Date());
    const socket = new FakeSocket();
    hub.accept(socket as unknown as WebSocket);
    await vi.advanceTimersByTimeAsync(600);
    expect(socket.closedWith).toBe(CLOSE_UNAUTHENTICATED);
    await hub.close();
  });

  it('drops browser frames past 30 in 10 seconds', async () => {
    vi.useFakeTimers({ now: new Date('2027-01-01T00:00:00Z'), toFake: [...FAKED] });
    const hub = makeHub(new Set(['s1']), () => new Date());
    const seen: string[] = [];
    hub.onFrame('typing', (_actor, frame) => {
      seen.push(String(frame.n));
    });
    const socket = new FakeSocket();
    hub.accept(socket as unknown as WebSocket);
    socket.frame({ type: 'auth', token: await token('u1', 's1', Date.now() / 1000 + 3600) });
    await vi.advanceTimersByTimeAsync(0);
    await flush();
    for (let n = 0; n < 40; n++) socket.frame({ type: 'typing', n });
    expect(seen).toHaveLength(29);
    await vi.advanceTimersByTimeAsync(10_001);
    socket.frame({ type: 'typing', n: 'later' });
    expect(seen.at(-1)).toBe('later');
    await hub.close();
  });
});
