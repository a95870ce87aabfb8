import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { FastifyServerFactory, FastifyServerOptions } from 'fastify';
import { API_POLICY, DATA_HEADERS } from '../../platform/csp.ts';
import { requestIdOfRaw, runInRequestScope } from '../../platform/request-scope.ts';

const LIVENESS_PATH = '/api/health';

/** The liveness answer: the process is up and its event loop turns. */
export function livenessAnswer() {
  return { status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) };
}

/**
 * Whether the HTTP server answers this request itself, before the framework: a plain
 * `GET /api/health` that carries no `X-` header but X-Request-Id. Any other header of that family
 * goes through the framework, which checks it (SPEC §7's X-Language, X-Locale, X-Country-Code,
 * X-Origin-Domain and X-View-Mode answer 400 when wrong) or reads it (X-Forwarded-Proto decides
 * HSTS behind a trusted proxy). So does HEAD, a query string, a trailing slash.
 */
function answersItself(request: IncomingMessage): boolean {
  if (request.method !== 'GET' || request.url !== LIVENESS_PATH) return false;
  for (const name of Object.keys(request.headers)) {
    if (name.startsWith('x-') && name !== 'x-request-id') return false;
  }
  return true;
}

/** The headers of every liveness answer, as the name, value list `writeHead` takes. */
const FIXED_HEADERS = [
  ...Object.entries(DATA_HEADERS).flat(),
  'Content-Security-Policy',
  API_POLICY,
  'cache-control',
  'no-store',
  'content-type',
  'application/json; charset=utf-8',
];

function answer(request: IncomingMessage, response: ServerResponse): void {
  const body = JSON.stringify(livenessAnswer());
  const id = requestIdOfRaw(request);
  response.writeHead(200, [...FIXED_HEADERS, 'x-request-id', id, 'content-length', String(Buffer.byteLength(body))]);
  response.end(body);
}

/**
 * Fastify's server, with the liveness probe answered before the framework (`serverFactory`).
 * Probes come every few seconds from every load balancer and orchestrator; through Fastify each
 * one built a request, a reply and a child logger and ran six hooks, about half of the probe's
 * CPU (docs/benchmarks.md has the probe's figures both ways). The answer is
 * the route's (modules/health/routes.ts), with the headers every API answer carries
 * (platform/csp.ts, app.ts's request hook); a test compares the two. The route stays for every
 * request this does not take, for `app.inject` and for the API's documentation.
 * The server's timeouts are the ones Fastify sets on a server it makes itself.
 */
export const livenessServer: FastifyServerFactory = (handler, fastifyOptions) => {
  const options = fastifyOptions as Pick<
    FastifyServerOptions,
    'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout' | 'maxRequestsPerSocket'
  >;
  // Once the server stops listening (shutdown), Fastify answers, as it does every request then:
  // 503 and Connection: close, so that the load balancer drains this process.
  const listener: RequestListener = (request, response) => {
    if (server.listening && answersItself(request)) answer(request, response);
    else runInRequestScope(request, () => handler(request, response));
  };
  const server = http.createServer(listener);
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
  if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
  if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  return server;
};
