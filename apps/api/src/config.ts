import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

/** Every environment variable the process reads (DESIGN.md §5). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().default('.data'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL: z.coerce.number().int().positive().default(2_592_000),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'paystack']).default('sandbox'),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
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
});

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
  return result.data;
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
