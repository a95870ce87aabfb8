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
 * Paths whose query strings are personal or clinical (a client search, a note title filter):
 * their log lines keep the path only.
 */
const PRIVATE_QUERY_PATHS = /^\/api\/(note|clients|client)\b/;

export function loggableUrl(url: string): string {
  const question = url.indexOf('?');
  return question !== -1 && PRIVATE_QUERY_PATHS.test(url) ? url.slice(0, question) : url;
}

/** Fastify's request serializer, minus private query strings. */
const serializers = {
  req(request: {
    method?: string;
    url?: string;
    host?: string;
    hostname?: string;
    ip?: string;
    socket?: { remotePort?: number };
  }) {
    return {
      method: request.method,
      url: loggableUrl(request.url ?? ''),
      host: request.host ?? request.hostname,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/**
 * The process's logger (server.ts and the command-line scripts): JSON lines on stdout, the
 * secrets of REDACT removed. Log ids and references, never tokens, passwords, personal data or
 * note content.
 */
export function createLogger(level = 'info', destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: REDACT, serializers }, destination);
}

/** A logger that writes nothing (tests, benchmarks). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
