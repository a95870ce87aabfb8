import type { DeleteAccountAnswer } from '@app/shared/schemas/data-rights';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authSessions, authTokens, countries, emails, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { authenticate } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { verifyPassword } from '../../platform/password.ts';
import { revokeSessions } from './sessions.ts';
import { countryMainZone, DEFAULT_TIMEZONE, requestCountryCode } from './timezones.ts';

export async function getTimezone(deps: Pick<AppDeps, 'db'>, input: { actor: Actor }): Promise<{ timezone: string }> {
  const [row] = await deps.db
    .select({ timezone: users.timezone })
    .from(users)
    .where(and(eq(users.id, input.actor.userId), isNull(users.deletedAt)));
  if (!row) throw new AppError('NOT_FOUND');
  return { timezone: row.timezone };
}

export async function setTimezone(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; timezone: string },
): Promise<{ timezone: string }> {
  const [row] = await deps.db
    .update(users)
    .set({ timezone: input.timezone, updatedAt: deps.clock.now() })
    .where(and(eq(users.id, input.actor.userId), isNull(users.deletedAt)))
    .returning({ timezone: users.timezone });
  if (!row) throw new AppError('NOT_FOUND');
  return { timezone: row.timezone };
}

/**
 * GET /region/user-timezone: the signed-in user's zone when a valid token comes along; otherwise
 * the main zone of the visitor's country (header or cookie); otherwise Africa/Lagos.
 */
export async function guessTimezone(
  deps: Pick<AppDeps, 'db' | 'config'>,
  request: FastifyRequest,
): Promise<{ timezone: string; source: 'user' | 'country' | 'default'; countryCode: string | null }> {
  if (request.headers.authorization) {
    try {
      await authenticate(request, undefined as never);
      const [row] = await deps.db
        .select({ timezone: users.timezone, countryCode: countries.code })
        .from(users)
        .leftJoin(countries, eq(countries.id, users.countryId))
        .where(eq(users.id, request.actor.userId));
      if (row) return { timezone: row.timezone, source: 'user', countryCode: row.countryCode };
    } catch {
      // An expired or bad token is no reason to refuse a guess: fall back to the country.
    }
  }
  const code = requestCountryCode(request, deps.config.TRUSTED_COUNTRY_HEADER);
  if (code) {
    const [country] = await deps.db
      .select({ code: countries.code, timezones: countries.timezones })
      .from(countries)
      .where(eq(countries.code, code));
    const zone = countryMainZone(country);
    if (zone) return { timezone: zone, source: 'country', countryCode: code };
  }
  return { timezone: DEFAULT_TIMEZONE, source: 'default', countryCode: code };
}

/** The tombstone that replaces a deleted account's email (unique, undeliverable: RFC 6761 .invalid). */
export function tombstoneEmail(userId: string): string {
  return `deleted+${userId}@deleted.invalid`;
}

/**
 * DELETE /user/profile/delete-account (clients, SPEC.md §6). The password is required unless the
 * account signed up socially. Soft delete: other modules' hooks run first (bookings cancels future
 * bookings with a refund), then personal data is erased, sessions revoked, pending codes dropped.
 * Money records keep pointing at the (anonymous) user row. Answers what the modules had to keep
 * (the law's holds, docs/privacy.md), in the caller's language.
 */
export async function deleteAccount(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events'>,
  input: { actor: Actor; password?: string; language: 'en' | 'de' },
): Promise<DeleteAccountAnswer> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, input.actor.userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('NOT_FOUND');
  if (!user.isSocial) {
    if (!input.password) throw fieldError('password', 'validation.required');
    const ok = user.passwordHash ? await verifyPassword(user.passwordHash, input.password) : false;
    if (!ok) throw fieldError('password', 'auth.currentPasswordWrong');
  }

  const now = deps.clock.now();
  const kept = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
      .for('update');
    if (!locked) throw new AppError('NOT_FOUND');
    const kept = await deps.events.accountDeleting(tx, { userId: user.id, now });
    await tx
      .update(users)
      .set({
        email: tombstoneEmail(user.id),
        passwordHash: null,
        firstName: null,
        lastName: null,
        phoneNumber: null,
        stateId: null,
        dob: null,
        gender: null,
        religionId: null,
        ethnicityId: null,
        isSocial: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await revokeSessions(tx, { userId: user.id, now, reason: 'account_deleted' });
    // Which devices signed in is personal too; the revoked sessions stay as ids and times.
    await tx.update(authSessions).set({ userAgent: null }).where(eq(authSessions.userId, user.id));
    await tx.delete(authTokens).where(eq(authTokens.userId, user.id));
    // The outbox copies of mail sent to the old address are personal data too.
    await tx.delete(emails).where(eq(emails.to, locked.email.toLowerCase()));
    return kept;
  });
  return {
    message: translate(input.language, 'auth.accountDeleted'),
    kept: kept.map((record) => ({
      ...record,
      title: translate(input.language, `hardening.kept.${record.kind}.title`, { count: record.count }),
      reason: translate(input.language, `hardening.kept.${record.kind}.reason`),
    })),
  };
}
