import type { ErrorBody } from '@app/shared/errors';
import {
  clearViewMode,
  getOwnSession,
  getSession,
  getViewMode,
  type SessionState,
  sessionFromTokens,
  setSession,
  type TokenAnswer,
} from './session';

/** An error answer of our API, with the message ready for a toast (SPEC.md §8 order). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** message string; else errors (list joined with ", ", or a string as is); else error; else the status text. */
export function errorMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message) return record.message;
    if (Array.isArray(record.errors)) return record.errors.join(', ');
    if (typeof record.errors === 'string') return record.errors;
    if (typeof record.error === 'string') return record.error;
  }
  return fallback;
}

export interface ClientContext {
  language: 'en' | 'de';
  countryCode: string;
  /** Called when the session cannot be renewed: go to login with the current path. */
  onSignedOut(): void;
}

let context: ClientContext = {
  language: 'en',
  countryCode: 'NG',
  onSignedOut: () => undefined,
};

export function configureApiClient(next: Partial<ClientContext>): void {
  context = { ...context, ...next };
}

let refreshing: Promise<SessionState | null> | null = null;

/**
 * Tabs share the refresh cookie; two tabs presenting the same one would look like token reuse
 * and end the session. The Web Locks API serializes them, so the second sends the rotated cookie.
 */
function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request('auth-refresh', work);
  return work();
}

/**
 * Renews the access token with the httpOnly refresh cookie. Concurrent callers share one
 * request, so a burst of expired calls causes exactly one refresh.
 */
export function refreshSession(): Promise<SessionState | null> {
  refreshing ??= (async () => {
    try {
      const previous = getOwnSession();
      if (previous && previous.refreshTokenExpiresAt <= Date.now()) return null;
      const response = await acrossTabs(() =>
        fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin', headers: headers() }),
      );
      if (!response.ok) return null;
      const session = sessionFromTokens((await response.json()) as TokenAnswer, Date.now(), previous);
      setSession(session);
      return session;
    } catch {
      return null;
    } finally {
      queueMicrotask(() => {
        refreshing = null;
      });
    }
  })();
  return refreshing;
}

function headers(extra: HeadersInit = {}): Headers {
  const result = new Headers(extra);
  result.set('X-Language', context.language);
  result.set('X-Locale', context.language === 'de' ? 'de-DE' : 'en-NG');
  result.set('X-Country-Code', context.countryCode);
  if (typeof window !== 'undefined') result.set('X-Origin-Domain', window.location.host);
  // View mode is always said out loud: the server accepts a view-mode token only with this header.
  if (getViewMode()) result.set('X-View-Mode', '1');
  return result;
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  /** Skip the bearer token (public calls). */
  anonymous?: boolean;
}

async function send(path: string, options: RequestOptions, session: SessionState | null): Promise<Response> {
  const { body, anonymous, headers: extra, ...init } = options;
  const requestHeaders = headers(extra);
  if (!anonymous && session) requestHeaders.set('Authorization', `Bearer ${session.accessToken}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    requestHeaders.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  return fetch(`/api${path}`, { ...init, headers: requestHeaders, body: payload, credentials: 'same-origin' });
}

/**
 * The one way the web app calls the API. On 401 TOKEN_EXPIRED it refreshes once and retries
 * once; when the refresh fails the session is cleared and the user is sent to login.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await authorizedFetch(path, options);
  const text = await response.text();
  const parsed: unknown = text ? safeJson(text) : null;
  if (!response.ok) throw errorOf(response, parsed);
  return parsed as T;
}

/**
 * A file from the API (a PDF, a CSV) saved by the browser under the name the server gives it.
 * Files need the bearer token like any call, so a plain link cannot fetch them.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await authorizedFetch(path, {});
  if (!response.ok) {
    const text = await response.text();
    throw errorOf(response, text ? safeJson(text) : null);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = encoded ? decodeURIComponent(encoded) : fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the blob once click() returns; keep it a moment for slow ones.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function errorOf(response: Response, parsed: unknown): ApiError {
  const body = (parsed ?? {}) as Partial<ErrorBody>;
  return new ApiError(
    response.status,
    body.code ?? 'HTTP_ERROR',
    errorMessage(parsed, response.statusText),
    body.fieldErrors,
  );
}

/** The request with the session's token, renewed once on TOKEN_EXPIRED (see `api`). */
async function authorizedFetch(path: string, options: RequestOptions): Promise<Response> {
  // A signed-in page the server rendered (a new tab) hydrates before the tab has a token: the first
  // call renews it from the cookie (single-flight) instead of going out without one.
  const renew = () =>
    !options.anonymous && (refreshing !== null || document.querySelector('[data-app-shell]') !== null);
  const session = getSession() ?? (renew() ? await refreshSession() : null);
  let response = await send(path, options, session);
  if (response.status === 401 && !options.anonymous && getViewMode()) {
    // A view-mode token is never refreshed: when it stops working, view mode is over.
    clearViewMode('expired');
  } else if (response.status === 401 && !options.anonymous) {
    const body = await response
      .clone()
      .json()
      .catch(() => null);
    if ((body as ErrorBody | null)?.code === 'TOKEN_EXPIRED') {
      // Renewed meanwhile by another call of this tab (a page hydrating beside its loader): use that
      // token instead of renewing twice.
      const latest = getSession();
      const renewed = latest && latest.accessToken !== session?.accessToken ? latest : await refreshSession();
      if (renewed) {
        response = await send(path, options, renewed);
      } else {
        setSession(null);
        context.onSignedOut();
      }
    }
  }
  return response;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
