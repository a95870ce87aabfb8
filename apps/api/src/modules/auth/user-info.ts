import type { UserInfo } from '@app/shared/schemas/auth';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countries, providerProfiles, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';

/** GET /user/info: the signed-in user as the web app keeps it (one query). */
export async function loadUserInfo(db: Tx, userId: string): Promise<UserInfo> {
  const [row] = await db
    .select({
      user: users,
      countryCode: countries.code,
      verificationStatus: providerProfiles.verificationStatus,
    })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw new AppError('NOT_FOUND');
  const { user } = row;
  const verificationStatus = user.role === 'provider' ? (row.verificationStatus ?? 'draft') : null;
  return {
    identifier: user.id,
    email: user.email,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    timezone: user.timezone,
    language: user.language,
    country: user.countryId && row.countryCode ? { identifier: user.countryId, code: row.countryCode } : null,
    isSocial: user.isSocial,
    emailVerified: user.emailVerifiedAt !== null,
    verificationStatus,
    accountActive: user.role !== 'provider' || verificationStatus === 'approved',
    createdAt: user.createdAt.toISOString(),
  };
}
