import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../auth-guard.ts';
import { decodeToken } from '../tokens.ts';
import { type BusListener, type LiveEvent, publishInTransaction, type RealtimeBus } from './bus.ts';

/** Close codes the browser acts on (4401: get a fresh token and reconnect; 4403: stop). */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_SESSION_ENDED = 4000;
/** The bus's control event that ends users' sockets on every process (never sent to a browser). */
const USER_SOCKETS_ENDED = 'realtime.user-sockets-ended';
/** The bus's control event that ends the sockets of some sessions on every process (never sent on). */
const SESSIONS_ENDED = 'realtime.sessions-ended';
/** How long an ended session id is remembered, against a socket authenticating at that moment. */
const ENDED_SESSION_MEMORY_MS = 60 * 60_000;

/**
 * Ends the live sockets of these sessions of one user, on every process, when `tx` commits (sign-
 * out, a password change, a suspension, a revoked session). The notification is queued in the same
 * transaction as the revocation: PostgreSQL delivers it at the commit, before any event published
 * after it, so no socket of a revoked session hears anything after the revocation commits.
 */
export async function endSessionSocketsInTransaction(tx: Tx, userId: string, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await publishInTransaction(tx, [userId], { type: SESSIONS_ENDED, sessionIds });
}

export type FrameHandler = (actor: Actor, frame: Record<string, unknown>) => Promise<void> | void;

export interface HubOptions {
  bus: RealtimeBus;
  /** Verifies an access token (throws AppError TOKEN_EXPIRED / UNAUTHENTICATED). */
  verifyToken(token: string): Promise<Actor>;
  /** Of these session ids, the ones still live (one query per heartbeat for all sockets). */
  liveSessions(sessionIds: string[]): Promise<Set<string>>;
  now(): Date;
  /**
   * Told which users have an open socket now: when one authenticates, on each heartbeat and when
   * one closes (presence.ts keeps it, so any process knows who has been away).
   */
  notePresence?(userIds: string[]): Promise<void>;
  log?: FastifyBaseLogger;
  heartbeatMs?: number;
  authTimeoutMs?: number;
}

export interface RealtimeHub {
  /** Sends `event` to every open socket of these users, on every server process. */
  publish(userIds: string[], event: LiveEvent): Promise<void>;
  /** A per-user subscription in this process (the socket uses it; tests and other transports may too). */
  subscribe(userId: string, listener: (event: LiveEvent) => void): () => void;
  /** Handles browser frames of one `type` (e.g. typing indicators) from authenticated sockets. */
  onFrame(type: string, handler: FrameHandler): void;
  /** Runs the auth protocol on a freshly opened socket, then keeps it subscribed. */
  accept(socket: WebSocket): void;
  /** Closes this process's sockets of these sessions (logout, revocation). */
  closeSessions(sessionIds: string[]): void;
  /**
   * Closes every socket of these users on every server process (an erased account): a control
   * event over the bus, never delivered to a browser.
   */
  endUserSockets(userIds: string[]): Promise<void>;
  socketCount(): number;
  close(): Promise<void>;
}

/** The longest delay setTimeout keeps (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Browser frames (typing, pings) allowed per socket per window; the rest are dropped. */
const FRAMES_PER_WINDOW = 30;
const FRAME_WINDOW_MS = 10_000;

interface Connection {
  frames: number;
  windowStartedAt: number;
  socket: WebSocket;
  actor: Actor | null;
  alive: boolean;
  expiryTimer: NodeJS.Timeout | null;
  unsubscribe: (() => void) | null;
}

export function createRealtimeHub(options: HubOptions): RealtimeHub {
  const { bus, log } = options;
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const authTimeoutMs = options.authTimeoutMs ?? 10_000;
  const byUser = new Map<string, Set<(event: LiveEvent) => void>>();
  const connections = new Set<Connection>();
  const frameHandlers = new Map<string, FrameHandler>();
  /** Sessions ended lately (id → when to forget it): a socket whose auth was in flight is refused too. */
  const endedSessions = new Map<string, number>();

  const rememberEnded = (sessionIds: string[]) => {
    const now = Date.now();
    for (const [id, forgetAt] of endedSessions) if (forgetAt < now) endedSessions.delete(id);
    for (const id of sessionIds) endedSessions.set(id, now + ENDED_SESSION_MEMORY_MS);
  };

  const endSessions = (sessionIds: string[]) => {
    rememberEnded(sessionIds);
    const ended = new Set(sessionIds);
    for (const connection of connections) {
      if (connection.actor && ended.has(connection.actor.sessionId)) {
        end(connection, CLOSE_SESSION_ENDED, 'SESSION_ENDED');
      }
    }
  };

  const onBus: BusListener = (userIds, event) => {
    if (event.type === SESSIONS_ENDED) {
      const sessionIds = Array.isArray(event.sessionIds) ? event.sessionIds.filter((id) => typeof id === 'string') : [];
      endSessions(sessionIds);
      return;
    }
    if (event.type === USER_SOCKETS_ENDED) {
      const ended = new Set(userIds);
      for (const connection of connections) {
        if (connection.actor && ended.has(connection.actor.userId)) {
          end(connection, CLOSE_SESSION_ENDED, 'SESSION_ENDED');
        }
      }
      return;
    }
    for (const userId of userIds) {
      const listeners = byUser.get(userId);
      if (!listeners) continue;
      for (const listener of listeners) listener(event);
    }
  };
  const unsubscribeBus = bus.subscribe(onBus);

  const subscribe = (userId: string, listener: (event: LiveEvent) => void) => {
    let set = byUser.get(userId);
    if (!set) {
      set = new Set();
      byUser.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) byUser.delete(userId);
    };
  };

  const send = (socket: WebSocket, data: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(data));
  };

  const notePresence = async (userIds: string[]): Promise<void> => {
    if (userIds.length === 0 || !options.notePresence) return;
    await options.notePresence(userIds).catch((error) => log?.warn({ err: error }, 'realtime: presence not noted'));
  };

  const end = (connection: Connection, code: number, reason: string) => {
    // Present until this moment: the time away is counted from the close.
    if (connections.has(connection) && connection.actor) void notePresence([connection.actor.userId]);
    if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
    connection.unsubscribe?.();
    connection.unsubscribe = null;
    connections.delete(connection);
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.close(code, reason);
  };

  /** Closes the socket when the token expires, unless a re-auth frame replaces it first. */
  const armExpiry = (connection: Connection, token: string) => {
    if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
    const exp = Number((decodeToken(token) as { exp?: unknown }).exp ?? 0);
    // A timer longer than 2^31-1 ms fires at once: a token valid for weeks is re-checked sooner.
    const ms = Math.min(MAX_TIMER_MS, Math.max(0, exp * 1000 - options.now().getTime()));
    connection.expiryTimer = setTimeout(() => end(connection, CLOSE_UNAUTHENTICATED, 'TOKEN_EXPIRED'), ms);
  };

  const authenticate = async (connection: Connection, token: unknown) => {
    let actor: Actor;
    try {
      if (typeof token !== 'string' || token.length > 4096) throw new Error('no token');
      actor = await options.verifyToken(token);
      const live = await options.liveSessions([actor.sessionId]);
      if (!live.has(actor.sessionId) || endedSessions.has(actor.sessionId)) throw new Error('session ended');
    } catch (error) {
      const code = (error as { code?: string }).code === 'TOKEN_EXPIRED' ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED';
      send(connection.socket, { type: 'auth.failed', code });
      end(connection, CLOSE_UNAUTHENTICATED, code);
      return;
    }
    if (connection.actor && connection.actor.userId !== actor.userId) {
      end(connection, CLOSE_FORBIDDEN, 'USER_CHANGED');
      return;
    }
    // Ended while this check was in flight (the bus said so meanwhile): refused, not subscribed.
    if (endedSessions.has(actor.sessionId)) {
      send(connection.socket, { type: 'auth.failed', code: 'UNAUTHENTICATED' });
      end(connection, CLOSE_UNAUTHENTICATED, 'UNAUTHENTICATED');
      return;
    }
    const first = !connection.actor;
    connection.actor = actor;
    armExpiry(connection, token);
    if (first) {
      connection.unsubscribe = subscribe(actor.userId, (event) => send(connection.socket, event));
    }
    // Present before told so: a message sent right after auth.ok finds them here.
    if (first) await notePresence([actor.userId]);
    send(connection.socket, { type: 'auth.ok', userIdentifier: actor.userId });
  };

  const heartbeat = setInterval(async () => {
    const sessions = new Set<string>();
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        end(connection, 1001, 'NO_PONG');
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
      if (connection.actor) sessions.add(connection.actor.sessionId);
    }
    if (sessions.size === 0) return;
    void notePresence([...connections].flatMap((connection) => (connection.actor ? [connection.actor.userId] : [])));
    try {
      const live = await options.liveSessions([...sessions]);
      for (const connection of connections) {
        if (connection.actor && !live.has(connection.actor.sessionId)) {
          end(connection, CLOSE_SESSION_ENDED, 'SESSION_ENDED');
        }
      }
    } catch (error) {
      log?.warn({ err: error }, 'realtime: session check failed');
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    publish: (userIds, event) => bus.publish([...new Set(userIds)], event),
    subscribe,
    onFrame(type, handler) {
      frameHandlers.set(type, handler);
    },
    accept(socket) {
      const connection: Connection = {
        socket,
        actor: null,
        alive: true,
        expiryTimer: null,
        unsubscribe: null,
        frames: 0,
        windowStartedAt: Date.now(),
      };
      connections.add(connection);
      const authTimer = setTimeout(() => {
        if (!connection.actor) end(connection, CLOSE_UNAUTHENTICATED, 'AUTH_TIMEOUT');
      }, authTimeoutMs);
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('close', () => {
        clearTimeout(authTimer);
        end(connection, 1000, '');
      });
      socket.on('error', () => socket.terminate());
      socket.on('message', (raw) => {
        connection.alive = true;
        const now = Date.now();
        if (now - connection.windowStartedAt > FRAME_WINDOW_MS) {
          connection.windowStartedAt = now;
          connection.frames = 0;
        }
        if (++connection.frames > FRAMES_PER_WINDOW) return; // a flood: dropped, not processed
        let frame: Record<string, unknown>;
        try {
          const text = raw.toString();
          if (text.length > 16_384) throw new Error('frame too large');
          frame = JSON.parse(text) as Record<string, unknown>;
          if (!frame || typeof frame !== 'object' || typeof frame.type !== 'string') throw new Error('bad frame');
        } catch {
          return;
        }
        if (frame.type === 'auth') {
          void authenticate(connection, frame.token);
          return;
        }
        if (frame.type === 'ping') {
          send(socket, { type: 'pong' });
          return;
        }
        const actor = connection.actor;
        const handler = frameHandlers.get(frame.type);
        // A view-mode socket (an admin seeing the app as someone) only listens: a frame such as
        // typing would tell the other person that the viewed user is typing.
        if (!actor || !handler || actor.viewMode) return;
        Promise.resolve(handler(actor, frame)).catch((error) => {
          log?.debug({ err: error, type: frame.type }, 'realtime: frame refused');
        });
      });
    },
    closeSessions(sessionIds) {
      endSessions(sessionIds);
    },
    async endUserSockets(userIds) {
      if (userIds.length) await bus.publish(userIds, { type: USER_SOCKETS_ENDED });
    },
    socketCount: () => connections.size,
    async close() {
      clearInterval(heartbeat);
      unsubscribeBus();
      for (const connection of connections) end(connection, 1001, 'SERVER_CLOSING');
      await bus.close();
    },
  };
}
