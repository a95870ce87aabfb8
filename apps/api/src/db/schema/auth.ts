import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A signed-in device: one refresh-token family. Access tokens carry its id (`sid`), so
 * revoking the session (logout, password change, deletion, token reuse) ends them too.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);

/**
 * One refresh token of a session. Only the SHA-256 of the opaque token is kept. Every use
 * rotates it (`rotatedAt` set, a new row inserted); presenting a rotated token again is
 * treated as theft and revokes the whole session.
 */
export const authRefreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('auth_refresh_tokens_hash_uq').on(table.tokenHash),
    index('auth_refresh_tokens_session_idx').on(table.sessionId),
  ],
);

export const authTokenPurpose = pgEnum('auth_token_purpose', ['verify_email', 'reset_password', 'change_email']);

/**
 * Single-use, short-lived secrets sent by email: verification and reset links (random, stored as
 * SHA-256) and the 6-digit email-change code (stored as an HMAC keyed with APP_SECRET and the
 * user id, limited to a few attempts). `usedAt` marks consumption.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: authTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** change_email only: the address that becomes the user's email once the code is confirmed. */
    newEmail: text('new_email'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('auth_tokens_hash_uq').on(table.tokenHash),
    index('auth_tokens_user_purpose_idx').on(table.userId, table.purpose),
    check('auth_tokens_attempts_ck', sql`${table.attempts} >= 0`),
  ],
);

/** When a user accepted the terms at sign-up (kept after account deletion: no personal data). */
export const termsAcceptances = pgTable('terms_acceptances', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }).notNull(),
});
