import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { currentRequestId } from './request-scope.ts';

/** What services log through (`deps.log`): the pino logger the HTTP app logs with too. */
export type Logger = FastifyBaseLogger;

/** Paths and headers that must never reach a log line. */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.body.password',
  'req.body.token',
  'req.body.refreshToken',
];

/**
 * A URL as logged: the path, and of the query only the parameter names. Query strings carry
 * searches (a person's name), link tokens (reset, verification) and addresses (the dev outbox);
 * none of that may reach a log line.
 */
export function redactQuery(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = [...new URLSearchParams(url.slice(at + 1)).keys()];
  return names.length
    ? `${url.slice(0, at)}?${names.map((name) => `${encodeURIComponent(name)}=~`).join('&')}`
    : url.slice(0, at);
}

/** How a request is logged (Fastify's own serializer, with redactQuery applied to the URL). */
export const LOG_SERIALIZERS = {
  req(request: { method?: string; url?: string; host?: string; ip?: string }) {
    return {
      method: request.method,
      url: redactQuery(request.url ?? ''),
      host: request.host,
      remoteAddress: request.ip,
    };
  },
};

let traceFields: (() => Record<string, string> | undefined) | undefined;

/** While traces are exported (platform/telemetry.ts), log lines carry the current trace and span ids. */
export function correlateLogsWithTraces(fields: (() => Record<string, string> | undefined) | undefined): void {
  traceFields = fields;
}

/**
 * What every log line carries besides its own fields: the id of the request it was written for
 * (from the request's scope, so a service logging through `deps.log` has it too) and, with
 * tracing on, the trace it belongs to.
 */
export function logMixin(): Record<string, string> {
  const reqId = currentRequestId();
  const trace = traceFields?.();
  if (!trace) return reqId ? { reqId } : {};
  return reqId ? { reqId, ...trace } : trace;
}

/**
 * The process's logger (server.ts and the command-line scripts): JSON lines on stdout, the
 * secrets of REDACT removed, query strings reduced to their names. Log ids and references, never
 * tokens, passwords, personal data or note content.
 */
export function createLogger(level = 'info', destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: REDACT, serializers: LOG_SERIALIZERS, mixin: logMixin }, destination);
}

/** A logger that writes nothing (tests, benchmarks). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
