import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

export interface LiveClient {
  events: Array<Record<string, unknown>>;
  socket: WebSocket;
  /** Resolves with the first event (already received or next) that matches. */
  next(match: (event: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  close(): void;
}

/** A test socket on /api/ws of a listening app, authenticated with `token` (unless null). */
export async function connectLive(app: FastifyInstance, token: string | null): Promise<LiveClient> {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
  const events: Array<Record<string, unknown>> = [];
  const waiters: Array<{
    match: (event: Record<string, unknown>) => boolean;
    resolve: (e: Record<string, unknown>) => void;
  }> = [];
  socket.on('message', (raw) => {
    const event = JSON.parse(raw.toString()) as Record<string, unknown>;
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.match(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const client: LiveClient = {
    events,
    socket,
    closed,
    send: (frame) => socket.send(JSON.stringify(frame)),
    close: () => socket.close(),
    next(match, timeoutMs = 2000) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (event) => {
            clearTimeout(timer);
            resolve(event);
          },
        });
      });
    },
  };
  if (token) {
    client.send({ type: 'auth', token });
    await client.next((event) => event.type === 'auth.ok' || event.type === 'auth.failed');
  }
  return client;
}
