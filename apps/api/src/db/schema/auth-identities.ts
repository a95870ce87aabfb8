import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An outside sign-in (today only Google) linked to an account: the provider's stable subject
 * (`sub`), never its email, decides who signs in. One per account and provider; removed when
 * the account is deleted (auth's account-deletion hook).
 */
export const authIdentities = pgTable(
  'auth_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /** The provider's address when the link was made (support only; sign-in never reads it). */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('auth_identities_provider_subject_uq').on(table.provider, table.subject),
    uniqueIndex('auth_identities_user_provider_uq').on(table.userId, table.provider),
    check('auth_identities_provider_ck', sql`${table.provider} in ('google')`),
  ],
);

/**
 * One started OpenID Connect sign-in: what the callback must check (state, nonce) and send
 * (the PKCE verifier). The browser holds the state in a cookie as well; the callback consumes
 * the row in one UPDATE, so a state (and with it a code) works once, for 10 minutes.
 */
export const authOidcFlows = pgTable(
  'auth_oidc_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    /** SHA-256 of the `state` parameter. */
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** Where the user was and what a new account starts with. */
    language: text('language').notNull(),
    returnTo: text('return_to'),
    countryCode: text('country_code'),
    timezone: text('timezone'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('auth_oidc_flows_state_uq').on(table.stateHash),
    index('auth_oidc_flows_expires_idx').on(table.expiresAt),
  ],
);

/**
 * A Google account waiting to be linked to an existing account with the same (Google-verified)
 * address, until the person proves the account is theirs: its password (in the browser holding
 * the `browserTokenHash` cookie, a few attempts) or a link emailed to the account's address.
 */
export const authIdentityLinks = pgTable(
  'auth_identity_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    browserTokenHash: text('browser_token_hash').notNull(),
    emailTokenHash: text('email_token_hash'),
    passwordAttempts: integer('password_attempts').notNull().default(0),
    language: text('language').notNull(),
    returnTo: text('return_to'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('auth_identity_links_browser_uq').on(table.browserTokenHash),
    uniqueIndex('auth_identity_links_email_uq').on(table.emailTokenHash),
    index('auth_identity_links_user_idx').on(table.userId),
    index('auth_identity_links_expires_idx').on(table.expiresAt),
    check('auth_identity_links_attempts_ck', sql`${table.passwordAttempts} >= 0`),
  ],
);
