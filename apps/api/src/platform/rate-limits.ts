import { createHmac } from 'node:crypto';
import type { Language } from '@app/shared/constants';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import type { AppDeps } from './deps.ts';
import type { Job } from './jobs.ts';
import { prepared } from './prepared.ts';

/** One limit: at most `max` requests per `windowSeconds` for one key. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * Every rate limit of the API, by name: the one place an operator reads and tunes them. Each is
 * overridable in config (`rateLimits`) and its `max` multiplied by RATE_LIMIT_SCALE. Routes name
 * one (`rateLimit(app, [{ name }])`); services that count their own rows read it with
 * `rateLimitRule`. Keys: the client IP, and where an email or a user is involved also that
 * (credential stuffing from many IPs, or mail bombing one address). docs/operations.md lists them.
 */
export const DEFAULT_RATE_LIMITS = {
  // The sign-in area.
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

  // Bookings and money.
  /** Starting and placing bookings (each may hold a slot) per client: docs/decisions/security-fair-holds-3-unpaid-bookings-per-provider-10.md. */
  holdCreationPerUser: { max: 30, windowSeconds: 10 * 60 },
  /** Share emails go to any address: a few per user per hour. */
  shareBooking: { max: 10, windowSeconds: 60 * 60 },
  /** Card top-ups started per user: enough for retries, not for hammering the gateway. */
  topUpPerUser: { max: 10, windowSeconds: 10 * 60 },

  // Files and documents.
  /** Credential uploads per provider. */
  credentialUploads: { max: 30, windowSeconds: 10 * 60 },
  /** Profile pictures re-encode images (CPU); per user, or per IP before sign-in. */
  profileUpload: { max: 20, windowSeconds: 10 * 60 },
  /** Signed private file links per IP (they are guessed at no faster than this). */
  privateFiles: { max: 300, windowSeconds: 60 },
  /** Rendering a PDF costs CPU: a person downloads a few, never hundreds. */
  documentRenders: { max: 60, windowSeconds: 60 },
  /** Consent versions saved and signatures given, per user. */
  consentWrites: { max: 60, windowSeconds: 10 * 60 },
  /** Exports are heavy: a few a day per person. */
  dataExportPerUser: { max: 5, windowSeconds: 24 * 60 * 60 },

  // Providers' practice.
  /** Notes written per provider. */
  noteWrites: { max: 120, windowSeconds: 10 * 60 },
  /** Note file links per IP (signed and short-lived). */
  noteFiles: { max: 120, windowSeconds: 60 },
  /** Form drafts, submissions, forms and assignments saved per user (autosave included). */
  formWrites: { max: 300, windowSeconds: 10 * 60 },
  /** Client imports (manual or CSV commits and dry runs) per provider. */
  clientImports: { max: 60, windowSeconds: 60 * 60 },
  /** Invitations one provider's imports send (a CSV of 5,000 rows must not become 5,000 emails). */
  clientInvitesPerProvider: { max: 200, windowSeconds: 24 * 60 * 60 },

  // Calendar feeds.
  /** Feed fetches per address: calendar apps poll every few minutes to hours; a guesser gets nowhere. */
  calendarFeedPerIp: { max: 600, windowSeconds: 10 * 60 },
  /** Fetches of one feed (its token): generous for several subscribed devices, not for scraping. */
  calendarFeedPerToken: { max: 120, windowSeconds: 60 * 60 },
  /** New feed addresses per person. */
  calendarFeedRotations: { max: 10, windowSeconds: 60 * 60 },
  /** External calendars added per provider (each add fetches a stranger's server). */
  externalCalendarAdds: { max: 20, windowSeconds: 60 * 60 },

  // Messages, reviews, contact, support.
  /** Chat messages per sender, counted from the stored messages (errors.MESSAGE_RATE_LIMITED). */
  messagesPerSender: { max: 30, windowSeconds: 60 },
  /** Support chat messages per visitor, counted from the stored messages (errors.SUPPORT_RATE_LIMITED). */
  supportMessagesPerVisitor: { max: 10, windowSeconds: 60 },
  /** Review reports per provider: enough for a bad week, not for flooding the back office. */
  reviewReports: { max: 20, windowSeconds: 60 * 60 },
  /** Contact messages per IP and per sender address (each sends two emails). */
  contactPerIp: { max: 5, windowSeconds: 60 * 60 },
  contactPerEmail: { max: 3, windowSeconds: 60 * 60 },
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
 * One limit of a route: a name of DEFAULT_RATE_LIMITS. Keyed by the client IP unless `keyOf`
 * says otherwise; a request without a key is not counted.
 */
export interface RateLimitSpec {
  name: RateLimitName;
  keyOf?: KeyOf;
}

/** The rule in force for a name: the config's override or the default, `max` times RATE_LIMIT_SCALE. */
export function rateLimitRule(
  config: Pick<Config, 'rateLimits' | 'RATE_LIMIT_SCALE'>,
  name: RateLimitName,
): RateLimitRule {
  const rule = config.rateLimits?.[name] ?? DEFAULT_RATE_LIMITS[name];
  return { ...rule, max: Math.ceil(rule.max * (config.RATE_LIMIT_SCALE ?? 1)) };
}

/**
 * The one rate-limit preHandler: counts the request against each limit and answers 429
 * TOO_MANY_REQUESTS, translated, with retry-after, once one is exceeded. The counters live in
 * PostgreSQL (rate_limit_counters), so every process behind a load balancer shares them and a
 * restart does not reset them; each count is one atomic upsert (hitRateLimit).
 */
export function rateLimit(app: FastifyInstance, limits: RateLimitSpec[]) {
  const checks = limits.map((limit) => ({
    name: limit.name,
    rule: rateLimitRule(app.deps.config, limit.name),
    key: limit.keyOf ?? ((request: FastifyRequest) => request.ip),
  }));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { db, clock, config } = app.deps;
    for (const { name, rule, key } of checks) {
      const value = key(request);
      if (!value) continue;
      const hit = await hitRateLimit(db, { secret: config.APP_SECRET, name, key: value, rule, now: clock.now() });
      if (hit.allowed) continue;
      reply.header('retry-after', hit.retryAfterSeconds);
      app.deps.events.outcome({ kind: 'rateLimitRefusal', limit: name });
      throw new AppError('TOO_MANY_REQUESTS', { after: waitText(request.language, hit.retryAfterSeconds) });
    }
  };
}

/** The key as stored: an HMAC, so counters never hold an address or an email in clear. */
function keyHash(secret: string, name: string, key: string): string {
  return createHmac('sha256', `${secret}:rate-limits`).update(`${name}\n${key}`).digest('base64url');
}

export interface RateLimitHit {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * Counts one request for (name, key) in a fixed window that starts with the first request after
 * the previous window ended: one INSERT … ON CONFLICT DO UPDATE, atomic across connections and
 * processes (the row lock orders concurrent hits). Allowed while the count is at most `max`.
 */
export async function hitRateLimit(
  db: Tx,
  input: { secret: string; name: string; key: string; rule: RateLimitRule; now: Date },
): Promise<RateLimitHit> {
  const count = prepared(db, 'rate_limit_hit', (name) =>
    db
      .insert(rateLimitCounters)
      .values({
        name: sql.placeholder('name'),
        keyHash: sql.placeholder('keyHash'),
        hits: 1,
        windowEndsAt: sql`${sql.placeholder('windowEndsAt')}::timestamptz`,
      })
      .onConflictDoUpdate({
        target: [rateLimitCounters.name, rateLimitCounters.keyHash],
        set: {
          hits: sql`CASE WHEN ${rateLimitCounters.windowEndsAt} <= ${sql.placeholder('now')}::timestamptz THEN 1
            ELSE ${rateLimitCounters.hits} + 1 END`,
          windowEndsAt: sql`CASE WHEN ${rateLimitCounters.windowEndsAt} <= ${sql.placeholder('now')}::timestamptz
            THEN excluded.window_ends_at ELSE ${rateLimitCounters.windowEndsAt} END`,
        },
      })
      .returning({ hits: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt })
      .prepare(name),
  );
  const [row] = await count.execute({
    name: input.name,
    keyHash: keyHash(input.secret, input.name, input.key),
    windowEndsAt: new Date(input.now.getTime() + input.rule.windowSeconds * 1000).toISOString(),
    now: input.now.toISOString(),
  });
  if (!row) throw new Error('rate limit upsert answered nothing');
  return {
    allowed: row.hits <= input.rule.max,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, Math.ceil((row.windowEndsAt.getTime() - input.now.getTime()) / 1000)),
  };
}

/** Deletes counters whose window ended (they would restart at 1 anyway). */
export async function purgeRateLimits(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<{ purged: number }> {
  const purged = await deps.db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowEndsAt, deps.clock.now()))
    .returning({ name: rateLimitCounters.name });
  return { purged: purged.length };
}

/** The background work of the rate limits, for startJobs in server.ts. */
export const rateLimitJobs: Job[] = [{ name: 'purge-rate-limits', intervalMs: 10 * 60_000, run: purgeRateLimits }];

/** The signed-in user's id, for per-user limits (anonymous requests are not counted). */
export function byUser(request: FastifyRequest): string | null {
  return request.actor?.userId ?? null;
}

/** The lower-cased `email` field of a JSON body, for per-address limits. */
export function bodyEmail(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : null;
}
