import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

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

/**
 * The process's logger (server.ts and the command-line scripts): JSON lines on stdout, the
 * secrets of REDACT removed, query strings reduced to their names. Log ids and references, never
 * tokens, passwords, personal data or note content.
 */
export function createLogger(level = 'info', destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: REDACT, serializers: LOG_SERIALIZERS }, destination);
}

/** A logger that writes nothing (tests, benchmarks). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
