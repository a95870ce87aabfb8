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
 * The process's logger (server.ts and the command-line scripts): JSON lines on stdout, the
 * secrets of REDACT removed. Log ids and references, never tokens, passwords, personal data or
 * note content.
 */
export function createLogger(level = 'info'): Logger {
  return pino({ level, redact: REDACT });
}

/** A logger that writes nothing (tests, benchmarks). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
