import type { Language } from '@app/shared/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** One limit: at most `max` requests per `windowSeconds` for one key. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * The named limits of the sign-in area. Keys: the client IP, and where an email or a user is
 * involved also that (credential stuffing from many IPs, or mail bombing one address).
 */
export const DEFAULT_RATE_LIMITS = {
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  loginPerEmail: { max: 10, windowSeconds: 15 * 60 },
  registerPerIp: { max: 10, windowSeconds: 60 * 60 },
  /** Reset and verification requests (they send email). */
  emailRequestPerIp: { max: 20, windowSeconds: 60 * 60 },
  emailRequestPerEmail: { max: 5, windowSeconds: 60 * 60 },
  /** Redeeming verification and reset links. */
  tokenRedeemPerIp: { max: 30, windowSeconds: 15 * 60 },
  /** Email change requests (each sends a code) per signed-in user. */
  emailChangePerUser: { max: 5, windowSeconds: 60 * 60 },
  /** Signed-in calls that check the current password (change password, delete account). */
  passwordCheckPerUser: { max: 10, windowSeconds: 15 * 60 },
  refreshPerIp: { max: 120, windowSeconds: 15 * 60 },
  /** Sign in with Google: starting a sign-in, and its callback (each exchanges a code with Google). */
  googleStartPerIp: { max: 30, windowSeconds: 15 * 60 },
  googleCallbackPerIp: { max: 30, windowSeconds: 15 * 60 },
  /** Proving an existing account to link Google to it (password, emailed link). */
  googleLinkPerIp: { max: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;

declare module '../config.ts' {
  interface Config {
    /** Overrides of DEFAULT_RATE_LIMITS (tests lower them to reach the limit quickly). */
    rateLimits?: Partial<Record<RateLimitName, RateLimitRule>>;
  }
}

type KeyOf = (request: FastifyRequest) => string | null | undefined;

/** "15 minutes" / "15 Minuten": the {{after}} of errors.TOO_MANY_REQUESTS. */
export function waitText(language: Language, seconds: number): string {
  const [value, unit] = seconds >= 90 ? [Math.ceil(seconds / 60), 'minute'] : [Math.max(1, seconds), 'second'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * One limit of a route: a named sign-in limit (DEFAULT_RATE_LIMITS, overridable in config and
 * multiplied by RATE_LIMIT_SCALE), or a module's own `rule` under its own `name` (not scaled).
 * Keyed by the client IP unless `keyOf` says otherwise; a request without a key is not counted.
 */
export type RateLimitSpec =
  | { name: RateLimitName; keyOf?: KeyOf; rule?: undefined }
  | { name: string; rule: RateLimitRule; keyOf?: KeyOf };

/**
 * The one rate-limit preHandler: counts the request against each limit and answers 429
 * TOO_MANY_REQUESTS, translated, with retry-after, once one is exceeded. Built on
 * @fastify/rate-limit's `createRateLimit` (in-memory per process) so one route can have several keys.
 */
export function rateLimit(app: FastifyInstance, limits: RateLimitSpec[]) {
  const overrides = app.deps.config.rateLimits ?? {};
  const checks = limits.map((limit) => {
    const rule =
      limit.rule ??
      scaled(app, overrides[limit.name as RateLimitName] ?? DEFAULT_RATE_LIMITS[limit.name as RateLimitName]);
    const key = limit.keyOf ?? ((request: FastifyRequest) => request.ip);
    return {
      key,
      check: app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowSeconds * 1000,
        keyGenerator: (request) => `${limit.name}:${key(request) ?? ''}`,
      }),
    };
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { key, check } of checks) {
      if (!key(request)) continue;
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) continue;
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError('TOO_MANY_REQUESTS', { after: waitText(request.language, result.ttlInSeconds) });
    }
  };
}

function scaled(app: FastifyInstance, rule: RateLimitRule): RateLimitRule {
  return { ...rule, max: Math.ceil(rule.max * (app.deps.config.RATE_LIMIT_SCALE ?? 1)) };
}

/** The signed-in user's id, for per-user limits (anonymous requests are not counted). */
export function byUser(request: FastifyRequest): string | null {
  return request.actor?.userId ?? null;
}

/** The lower-cased `email` field of a JSON body, for per-address limits. */
export function bodyEmail(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : null;
}
