import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { GATEWAY_NAMES } from './platform/payments/types.ts';

/** A comma-separated list of ICE server URLs of the given schemes ("stun:host:3478,stun:other"). */
const iceUrls = (schemes: string[]) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .refine((urls) => urls.every((url) => schemes.some((scheme) => url.startsWith(`${scheme}:`))), {
      message: `must be comma-separated ${schemes.join('/')}: URLs`,
    });

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
  .optional();

/** Every environment variable the process reads (DESIGN.md §5). */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: postgresUrl,
    /**
     * The schema's owner, when the application connects as a role of its own (DATABASE_URL):
     * migrations run as this one, and the application's role is granted rows only (docs/operations.md).
     */
    DATABASE_OWNER_URL: postgresUrl,
    DATA_DIR: z.string().default('.data'),
    /**
     * Traces and metrics over OTLP (http/protobuf) to this collector; absent, no OpenTelemetry
     * package is loaded at all. The SDK's own OTEL_* variables (headers, service name, intervals) apply.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    /** GET /api/metrics (Prometheus text) answers only with `Authorization: Bearer <this>`; absent, it is 404. */
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
    /** A separate Prometheus endpoint (GET /metrics, no token) on METRICS_HOST:METRICS_PORT; absent, none. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(900),
    REFRESH_TOKEN_TTL: z.coerce.number().int().positive().default(2_592_000),
    PAYMENT_GATEWAY: z.enum(['sandbox', 'paystack']).default('sandbox'),
    PAYSTACK_SECRET_KEY: z.string().optional(),
    PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
    /** The gateway for new money in one currency (e.g. GBP → stripe); absent: PAYMENT_GATEWAY. */
    PAYMENT_GATEWAY_NGN: z.enum(GATEWAY_NAMES).optional(),
    PAYMENT_GATEWAY_GBP: z.enum(GATEWAY_NAMES).optional(),
    PAYMENT_GATEWAY_USD: z.enum(GATEWAY_NAMES).optional(),
    PAYMENT_GATEWAY_EUR: z.enum(GATEWAY_NAMES).optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Where the Stripe SDK sends its requests (a path is kept as a prefix: the development sandbox). */
    STRIPE_API_URL: z.url().default('https://api.stripe.com'),
    /** Oldest signed webhook accepted, in seconds (Stripe's own default is 300). */
    STRIPE_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Therapy Marketplace <no-reply@localhost>'),
    DEV_TOOLS: booleanFlag.optional(),
    TRUSTED_COUNTRY_HEADER: z.string().toLowerCase().optional(),
    /** Behind a reverse proxy or load balancer: trust its X-Forwarded-For/-Proto headers. */
    TRUST_PROXY: booleanFlag.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CORS_ORIGIN: z.string().optional(),
    /**
     * External calendars (modules/calendar-feeds) may be fetched from loopback, private and
     * link-local addresses, over plain http: for tests and e2e only, never in production use.
     */
    EXTERNAL_CALENDARS_ALLOW_PRIVATE: booleanFlag.default(false),
    /** Multiplies every rate limit's allowance (e2e runs many sign-ins from one address). */
    RATE_LIMIT_SCALE: z.coerce.number().positive().max(1000).default(1),
    /** Where private uploads (credentials, note files) live: DATA_DIR/private, or an S3-compatible bucket. */
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().optional(),
    /** Further public origins the site is served on (comma-separated URLs), besides PUBLIC_URL: X-Origin-Domain must name one. */
    PUBLIC_ORIGINS: z
      .string()
      .optional()
      .refine(
        (value) => !value || value.split(',').every((part) => URL.canParse(part.trim())),
        'must be comma-separated URLs',
      ),
    /** Feature flags from another provider: a module whose `createFlagProvider(config)` answers an OpenFeature provider. */
    FLAG_PROVIDER_MODULE: z.string().optional(),
    /**
     * A folder of the operator's legal texts as Markdown, `<page>.<language>.md` (terms, privacy,
     * cookies, imprint; en, de); a page it lacks shows the repository's default (apps/api/legal/).
     */
    LEGAL_PAGES_DIR: z.string().min(1).optional(),
    /** Where contact-form messages are emailed (the operators' inbox). */
    OPERATOR_EMAIL: z.email().default('support@therapyhub.example'),
    /** Reference rates for showing fees in the visitor's currency: units per US dollar, `NGN=1550,GBP=0.79,EUR=0.92`. */
    EXCHANGE_RATES: z
      .string()
      .regex(/^[A-Z]{3}=\d+(\.\d+)?(,[A-Z]{3}=\d+(\.\d+)?)*$/, 'must look like NGN=1550,GBP=0.79')
      .optional(),
    /** Sign in with Google (OpenID Connect): on when both are set (modules/auth/google-config.ts). */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** The OpenID issuer; tests and e2e point it at a local provider (plain http only on loopback). */
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    /** Clinical notes' keys: `id:base64key` pairs (32-byte keys), comma-separated (modules/notes/crypto.ts). */
    NOTES_ENCRYPTION_KEYS: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]{40,64}(,[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]{40,64})*$/,
        'must be id:base64key pairs separated by commas',
      )
      .refine(
        (value) =>
          value.split(',').every((pair) => Buffer.from(pair.slice(pair.indexOf(':') + 1), 'base64').length === 32),
        'every key must be 32 bytes (base64 of 32 random bytes)',
      )
      .optional(),
    /** The key id new notes are written with; one of NOTES_ENCRYPTION_KEYS (or `app`, the key derived from APP_SECRET). */
    NOTES_ENCRYPTION_KEY_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/)
      .optional(),
    /** The platform's details printed on receipts, invoices and statements (modules/documents). */
    PLATFORM_LEGAL_NAME: z.string().trim().min(1).default('TherapyHub Ltd'),
    /** Lines separated by `|` or newlines. */
    PLATFORM_ADDRESS: z.string().trim().min(1).default('1 Example Street|London EC1A 1AA|United Kingdom'),
    PLATFORM_REGISTRATION_NUMBER: z.string().trim().min(1).optional(),
    PLATFORM_VAT_NUMBER: z.string().trim().min(1).optional(),
    /** Send the Content-Security-Policy as report-only (nothing blocked), e.g. while trying a change. */
    CSP_REPORT_ONLY: booleanFlag.default(false),
    /** Where browsers report policy violations (the report-uri directive). */
    CSP_REPORT_URI: z.url().optional(),
    /** The session room's ICE servers (docs/operations.md): none are needed on one network. */
    STUN_URLS: iceUrls(['stun', 'stuns']).optional(),
    TURN_URLS: iceUrls(['turn', 'turns']).optional(),
    /** TURN REST credentials (coturn's static-auth-secret): short-lived, per user. */
    TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Or a fixed TURN username and credential. */
    TURN_USERNAME: z.string().optional(),
    TURN_CREDENTIAL: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_OWNER_URL && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'needed with DATABASE_OWNER_URL' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      const missing = env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET' });
    }
    if (!isSecureIssuer(env.GOOGLE_ISSUER)) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_ISSUER'], message: 'must be https (http only on localhost)' });
    }
    const keyId = env.NOTES_ENCRYPTION_KEY_ID;
    const ids = (env.NOTES_ENCRYPTION_KEYS ?? '').split(',').map((pair) => pair.split(':')[0]);
    if (keyId && keyId !== 'app' && !ids.includes(keyId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['NOTES_ENCRYPTION_KEY_ID'],
        message: 'must name a key of NOTES_ENCRYPTION_KEYS',
      });
    }
    // TURN relays need credentials.
    if (env.TURN_URLS?.length && !env.TURN_SECRET && !(env.TURN_USERNAME && env.TURN_CREDENTIAL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TURN_URLS'],
        message: 'needs TURN_SECRET, or TURN_USERNAME and TURN_CREDENTIAL',
      });
    }
  });

/** An OpenID issuer we may talk to: https, or plain http on this machine (tests, e2e). */
export function isSecureIssuer(issuer: string): boolean {
  if (!URL.canParse(issuer)) return false;
  const url = new URL(issuer);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<Env, 'APP_SECRET' | 'DEV_TOOLS'> {
  APP_SECRET: string;
  DEV_TOOLS: boolean;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration: ${issues.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; fails fast with every bad key listed (values never echoed). */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const missing = missingGatewaySecrets(result.data);
  if (missing.length > 0) throw new ConfigError(missing.map((key) => `${key}: required when a currency uses stripe`));
  return result.data;
}

/** A currency routed to Stripe cannot take a payment or a webhook without both of its secrets. */
function missingGatewaySecrets(env: Env): string[] {
  const routes = [env.PAYMENT_GATEWAY_NGN, env.PAYMENT_GATEWAY_GBP, env.PAYMENT_GATEWAY_USD, env.PAYMENT_GATEWAY_EUR];
  if (!routes.includes('stripe')) return [];
  return (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((key) => !env[key]);
}

/** The APP_SECRET from the environment, else one generated once and kept in DATA_DIR. */
function resolveSecret(env: Env): string {
  if (env.APP_SECRET) return env.APP_SECRET;
  const file = path.join(env.DATA_DIR, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(env);
  return {
    ...parsed,
    // Links in emails point at this origin; without one, at this process's own port.
    PUBLIC_URL: parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`,
    APP_SECRET: resolveSecret(parsed),
    DEV_TOOLS: parsed.DEV_TOOLS ?? parsed.NODE_ENV !== 'production',
  };
}
