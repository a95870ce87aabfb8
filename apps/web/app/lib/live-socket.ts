import { useEffect, useSyncExternalStore } from 'react';
import { refreshSession } from '#app/api/client';
import { getSession, onSessionChange } from '#app/api/session';

/** A server event on /api/ws (messages now; notifications and signalling later). */
export interface LiveEvent {
  type: string;
  [key: string]: unknown;
}

/**
 * Whether an `auth.ok` opens a connection that follows one that was online before (a reconnect
 * after a drop): only then can events have been missed, so only then do the caches refetch. The
 * first connection of a page comes a moment after the page fetched its data, and a token renewed
 * on an open socket is answered with `auth.ok` too: neither refetches
 * (docs/decisions/web-signed-in-time-to-content.md).
 */
export function isReconnect(event: LiveEvent): boolean {
  return event.type === 'auth.ok' && event.reconnected === true;
}

export type LiveStatus = 'idle' | 'connecting' | 'online' | 'offline';

type Listener = (event: LiveEvent) => void;

const PING_EVERY_MS = 25_000;
const PONG_WITHIN_MS = 10_000;
const MAX_BACKOFF_MS = 15_000;

/**
 * The one live socket of a signed-in tab. It authenticates with a first frame (never the URL),
 * sends a fresh token when the session refreshes, reconnects with exponential backoff and jitter
 * after a drop, and detects a dead connection by its own ping/pong (browsers hide protocol pings).
 */
class LiveSocket {
  private socket: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private statusListeners = new Set<() => void>();
  private status: LiveStatus = 'idle';
  private users = 0;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private lastToken: string | null = null;
  /** The token a refused socket was retried with before refreshing (see onclose). */
  private retriedWith: string | null = null;
  private unsubscribeSession: (() => void) | null = null;
  /** A connection of this start was online once: the next one to authenticate is a reconnect. */
  private wasOnline = false;

  getStatus = () => this.status;

  onStatus = (listener: () => void) => {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  };

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  send(frame: Record<string, unknown>): void {
    if (this.socket?.readyState === WebSocket.OPEN && this.status === 'online') this.socket.send(JSON.stringify(frame));
  }

  /** Reference-counted: the socket stays open while any part of the page uses it. */
  retain(): () => void {
    this.users++;
    if (this.users === 1) this.start();
    return () => {
      this.users--;
      if (this.users === 0) this.stop();
    };
  }

  private setStatus(status: LiveStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  private start() {
    this.unsubscribeSession = onSessionChange((session) => {
      if (!session) return this.stop();
      if (session.accessToken !== this.lastToken && this.socket?.readyState === WebSocket.OPEN) {
        this.lastToken = session.accessToken;
        this.socket.send(JSON.stringify({ type: 'auth', token: session.accessToken }));
      }
    });
    window.addEventListener('online', this.reconnectNow);
    this.connect();
  }

  private stop() {
    this.unsubscribeSession?.();
    this.unsubscribeSession = null;
    window.removeEventListener('online', this.reconnectNow);
    this.clearTimers();
    // The next page that needs the socket starts afresh: no backoff, no retry remembered.
    this.attempt = 0;
    this.retriedWith = null;
    this.wasOnline = false;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.setStatus('idle');
  }

  private reconnectNow = () => {
    if (this.status === 'offline') {
      this.attempt = 0;
      this.connect();
    }
  };

  private clearTimers() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.retryTimer = this.pingTimer = this.pongTimer = null;
  }

  private connect() {
    this.clearTimers();
    const session = getSession();
    if (!session) return this.setStatus('idle');
    if (this.status !== 'offline') this.setStatus('connecting');
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${protocol}//${window.location.host}/api/ws`);
    this.socket = socket;
    let authenticated = false;
    socket.onopen = () => {
      const current = getSession();
      if (!current) return socket.close(1000);
      this.lastToken = current.accessToken;
      socket.send(JSON.stringify({ type: 'auth', token: current.accessToken }));
    };
    socket.onmessage = (message) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(String(message.data)) as LiveEvent;
      } catch {
        return;
      }
      if (event.type === 'pong') {
        if (this.pongTimer) clearTimeout(this.pongTimer);
        this.pongTimer = null;
        return;
      }
      if (event.type === 'auth.ok') {
        this.attempt = 0;
        this.setStatus('online');
        this.pingTimer ??= setInterval(() => this.ping(), PING_EVERY_MS);
        event = { ...event, reconnected: !authenticated && this.wasOnline };
        authenticated = true;
        this.wasOnline = true;
      }
      for (const listener of this.listeners) listener(event);
    };
    socket.onclose = (close) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (this.users === 0) return this.setStatus('idle');
      if (close.code === 4403) return this.setStatus('idle');
      if (close.code === 4401 || close.code === 4000) {
        // Expired token: reconnect with the one the page renewed meanwhile (a loader and the socket
        // often meet an expired token together), else refresh first; a refused refresh is signed out.
        // Once per token: if the server refuses that one too, it is refreshed like any other.
        const latest = getSession();
        if (latest && latest.accessToken !== this.retriedWith && latest.accessTokenExpiresAt > Date.now()) {
          this.retriedWith = latest.accessToken;
          this.scheduleRetry(0);
          return;
        }
        void refreshSession().then((session) => (session ? this.scheduleRetry(0) : this.setStatus('idle')));
        return;
      }
      this.setStatus('offline');
      this.scheduleRetry();
    };
  }

  private ping() {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    this.socket.send(JSON.stringify({ type: 'ping' }));
    this.pongTimer ??= setTimeout(() => {
      // No answer: the connection is dead even if the browser has not noticed.
      this.socket?.close(4001);
      const socket = this.socket;
      if (socket) socket.onclose?.(new CloseEvent('close', { code: 1006 }));
    }, PONG_WITHIN_MS);
  }

  private scheduleRetry(delay?: number) {
    const base = delay ?? Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt);
    this.attempt++;
    this.retryTimer = setTimeout(() => this.connect(), base + Math.random() * 250);
  }
}

export const liveSocket = new LiveSocket();

/** Keeps the live socket open while the calling component is mounted and delivers its events. */
export function useLiveEvents(listener: Listener): void {
  useEffect(() => {
    const release = liveSocket.retain();
    const unsubscribe = liveSocket.subscribe(listener);
    return () => {
      unsubscribe();
      release();
    };
  }, [listener]);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveSocket.onStatus, liveSocket.getStatus, () => 'idle');
}
