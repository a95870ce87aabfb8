import type { Language } from '@app/shared/constants';
import { languageOf } from '@app/shared/constants';
import type { RegisterInput, UserInfo } from '@app/shared/schemas/auth';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { countries, providerProfiles, termsAcceptances, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { hashPassword } from '../../platform/password.ts';
import { normalizePhoneNumber } from '../../platform/phone-numbers.ts';
import { isCommonPassword } from './common-passwords.ts';
import { pageLink, sendAuthEmail } from './emails.ts';
import { afterAnswer, type ServiceLog, sendSafely } from './mail-safely.ts';
import { consumeLinkToken, issueLinkToken, LINK_TTL_SECONDS } from './one-time-tokens.ts';
import { findUserByEmail } from './sessions.ts';
import { countryMainZone, DEFAULT_TIMEZONE } from './timezones.ts';
import { loadUserInfo } from './user-info.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'mailer'>;

async function sendVerification(
  deps: Deps,
  user: { email: string; language: string; firstName: string | null },
  token: string,
): Promise<void> {
  const language = languageOf(user.language);
  await sendAuthEmail(deps, user, 'verify', {
    link: pageLink(deps.config, language, 'verify-email', { token }),
    expiresInSeconds: LINK_TTL_SECONDS.verify_email,
  });
}

/**
 * POST /user/register: a client or a provider (never an admin). The account starts unverified;
 * a verification link (24 h) goes to the address in the request's language. Providers also get a
 * draft provider profile.
 */
export async function register(
  deps: Deps,
  input: { body: RegisterInput; language: Language; countryCode: string | null; log?: ServiceLog },
): Promise<UserInfo> {
  const { body } = input;
  if (isCommonPassword(body.password)) throw fieldError('password', 'auth.passwordTooCommon');

  const [country] = body.countryIdentifier
    ? await deps.db.select().from(countries).where(eq(countries.id, body.countryIdentifier))
    : input.countryCode
      ? await deps.db.select().from(countries).where(eq(countries.code, input.countryCode))
      : [];
  if (body.countryIdentifier && !country) throw fieldError('countryIdentifier', 'auth.countryUnknown');
  // Providers practise only where the product operates (SPEC.md §1); clients may live anywhere.
  if (body.userType === 'provider' && country && !country.operating)
    throw fieldError('countryIdentifier', 'profiles.countryNotOperating');
  if (await findUserByEmail(deps.db, body.email)) throw fieldError('email', 'auth.emailTaken');

  const passwordHash = await hashPassword(body.password);
  const now = deps.clock.now();
  const role = body.userType;
  let created: { userId: string; token: string };
  try {
    created = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          role,
          firstName: body.firstName ?? null,
          lastName: body.lastName ?? null,
          phoneNumber: body.userType === 'client' ? normalizePhoneNumber(body.phoneNumber, country?.code) : null,
          countryId: country?.id ?? null,
          timezone: body.timezone ?? countryMainZone(country) ?? DEFAULT_TIMEZONE,
          language: input.language,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert failed');
      await tx.insert(termsAcceptances).values({ userId: user.id, acceptedAt: now });
      if (role === 'provider') {
        await tx
          .insert(providerProfiles)
          .values({ userId: user.id, verificationStatus: 'draft', createdAt: now, updatedAt: now });
      }
      const token = await issueLinkToken(tx, { userId: user.id, purpose: 'verify_email', now });
      return { userId: user.id, token };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('email', 'auth.emailTaken');
    throw error;
  }

  await sendSafely(input.log, () =>
    sendVerification(
      deps,
      { email: body.email, language: input.language, firstName: body.firstName ?? null },
      created.token,
    ),
  );
  return loadUserInfo(deps.db, created.userId);
}

/** POST /user/register/verify {token}: single use; answers the now verified user. */
export async function verifyEmail(deps: Deps, input: { token: string }): Promise<UserInfo> {
  const now = deps.clock.now();
  const userId = await deps.db.transaction(async (tx) => {
    const owner = await consumeLinkToken(tx, { token: input.token, purpose: 'verify_email', now });
    if (!owner) return null;
    const [user] = await tx
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(and(eq(users.id, owner), isNull(users.deletedAt)))
      .returning({ id: users.id });
    return user?.id ?? null;
  });
  if (!userId) throw new AppError('INVALID_TOKEN');
  return loadUserInfo(deps.db, userId);
}

/**
 * POST /user/register/request-verification {email}: a new link for an unverified account. The answer
 * is the same whether the address is unknown, verified or pending (no account enumeration), and so
 * is the work before it: the lookup and the email run after the answer (afterAnswer).
 */
export async function requestVerification(
  deps: Deps,
  input: { email: string; language: Language; log?: ServiceLog },
): Promise<{ message: string }> {
  afterAnswer(input.log, async () => {
    const user = await findUserByEmail(deps.db, input.email);
    if (!user || user.emailVerifiedAt) return;
    const now = deps.clock.now();
    const token = await deps.db.transaction((tx) =>
      issueLinkToken(tx, { userId: user.id, purpose: 'verify_email', now }),
    );
    await sendSafely(input.log, () => sendVerification(deps, user, token));
  });
  return { message: translate(input.language, 'auth.verificationRequested') };
}
