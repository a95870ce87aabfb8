import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { requestIdOf } from './request-context.ts';

/**
 * The request a piece of work belongs to, carried across awaits: every log line written while a
 * request is handled carries its id (the logger's mixin), also from services and the web's
 * loaders that log through `deps.log` rather than the request's own logger.
 */
const scope = new AsyncLocalStorage<string>();
const REQUEST_ID = Symbol('requestId');

type Tagged = IncomingMessage & { [REQUEST_ID]?: string };

/** The id of this request: the one its scope chose, else the caller's X-Request-Id when sane, else a new one. */
export function requestIdOfRaw(request: IncomingMessage): string {
  const tagged = request as Tagged;
  tagged[REQUEST_ID] ??= requestIdOf(request.headers['x-request-id']);
  return tagged[REQUEST_ID];
}

/** Runs the handling of one HTTP request inside its scope (the server's listener). */
export function runInRequestScope<T>(request: IncomingMessage, handle: () => T): T {
  return scope.run(requestIdOfRaw(request), handle);
}

/** The id of the request being handled here, if any (background jobs have none). */
export function currentRequestId(): string | undefined {
  return scope.getStore();
}
