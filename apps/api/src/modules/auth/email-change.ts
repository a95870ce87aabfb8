import type { UserInfo } from '@app/shared/schemas/auth';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { authTokens, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { sendAuthEmail } from './emails.ts';
import { type ServiceLog, sendSafely } from './mail-safely.ts';
import { discardTokens } from './one-time-tokens.ts';
import { codeHash, randomCode, sameHash } from './secrets.ts';
import { findUserByEmail } from './sessions.ts';
import { loadUserInfo } from './user-info.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'mailer'>;

/** The 6-digit code: valid 10 minutes, at most 5 tries (docs/decisions/accounts-email-links-and-codes.md). */
export const EMAIL_CODE_TTL_SECONDS = 600;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

async function liveUser(deps: Deps, userId: string) {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('NOT_FOUND');
  return user;
}

/**
 * POST /user/profile/change-email {email, confirmEmail}: sends a 6-digit code to the new address
 * (in the user's language); the email changes only once the code is confirmed. A new request
 * replaces the previous code.
 */
export async function startEmailChange(
  deps: Deps,
  input: { actor: Actor; email: string },
): Promise<{ email: string; expiresIn: number }> {
  const user = await liveUser(deps, input.actor.userId);
  if (input.email === user.email.toLowerCase()) throw fieldError('email', 'auth.emailUnchanged');
  if (await findUserByEmail(deps.db, input.email)) throw fieldError('email', 'auth.emailTaken');

  const code = randomCode();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await discardTokens(tx, user.id, 'change_email');
    await tx.insert(authTokens).values({
      userId: user.id,
      purpose: 'change_email',
      tokenHash: codeHash(deps.config.APP_SECRET, user.id, code),
      newEmail: input.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_SECONDS * 1000),
    });
  });
  await sendAuthEmail(deps, { ...user, email: input.email }, 'emailChangeCode', {
    code,
    expiresInSeconds: EMAIL_CODE_TTL_SECONDS,
    params: { email: input.email },
  });
  return { email: input.email, expiresIn: EMAIL_CODE_TTL_SECONDS };
}

/**
 * POST /user/profile/validate-email-change {token}: the 6-digit code. Each try is counted before the
 * comparison in one conditional UPDATE, so no more than 5 comparisons ever happen for one code, even
 * under concurrent requests. The right code changes the email (verified) and tells the old address.
 */
export async function confirmEmailChange(
  deps: Deps,
  input: { actor: Actor; code: string; log?: ServiceLog },
): Promise<UserInfo> {
  const user = await liveUser(deps, input.actor.userId);
  const now = deps.clock.now();
  const tries = await deps.db
    .update(authTokens)
    .set({ attempts: sql`${authTokens.attempts} + 1` })
    .where(
      and(
        eq(authTokens.userId, user.id),
        eq(authTokens.purpose, 'change_email'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
        lt(authTokens.attempts, EMAIL_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: authTokens.id, tokenHash: authTokens.tokenHash, newEmail: authTokens.newEmail });
  if (tries.length === 0) throw fieldError('token', 'auth.codeExpired');
  const expected = codeHash(deps.config.APP_SECRET, user.id, input.code);
  const match = tries.find((row) => sameHash(row.tokenHash, expected));
  if (!match?.newEmail) throw fieldError('token', 'auth.codeInvalid');
  const newEmail = match.newEmail;

  try {
    const changed = await deps.db.transaction(async (tx) => {
      const [used] = await tx
        .update(authTokens)
        .set({ usedAt: now })
        .where(and(eq(authTokens.id, match.id), isNull(authTokens.usedAt)))
        .returning({ id: authTokens.id });
      if (!used) return false;
      await tx
        .update(users)
        .set({ email: newEmail, emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, user.id));
      await discardTokens(tx, user.id, 'change_email');
      return true;
    });
    if (!changed) throw fieldError('token', 'auth.codeExpired');
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('email', 'auth.emailTaken');
    throw error;
  }

  await sendSafely(input.log, () => sendAuthEmail(deps, user, 'emailChanged', { params: { email: newEmail } }));
  return loadUserInfo(deps.db, user.id);
}
