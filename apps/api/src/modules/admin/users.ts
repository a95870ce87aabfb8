import type { AdminUser, AdminUserPage, UserAccountStatus } from '@app/shared/schemas/admin';
import type { UserRole } from '@app/shared/schemas/auth-token';
import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countries, users } from '../../db/schema/index.ts';
import { type AdminActor, assertAdmin, auditActor } from '../../platform/admin-actor.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { revokeSessions } from '../auth/sessions.ts';
import { matchesPerson } from './search.ts';

const columns = {
  identifier: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  countryCode: countries.code,
  emailVerifiedAt: users.emailVerifiedAt,
  suspendedAt: users.suspendedAt,
  createdAt: users.createdAt,
};

type Row = {
  identifier: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: UserRole;
  countryCode: string | null;
  emailVerifiedAt: Date | null;
  suspendedAt: Date | null;
  createdAt: Date;
};

function statusOf(row: Pick<Row, 'emailVerifiedAt' | 'suspendedAt'>): UserAccountStatus {
  if (row.suspendedAt) return 'suspended';
  return row.emailVerifiedAt ? 'active' : 'unverified';
}

function toAdminUser(row: Row): AdminUser {
  return {
    identifier: row.identifier,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    status: statusOf(row),
    countryCode: row.countryCode,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function statusCondition(status: UserAccountStatus | undefined): SQL | undefined {
  if (status === 'suspended') return isNotNull(users.suspendedAt);
  if (status === 'unverified') return and(isNull(users.suspendedAt), isNull(users.emailVerifiedAt));
  if (status === 'active') return and(isNull(users.suspendedAt), isNotNull(users.emailVerifiedAt));
  return undefined;
}

/** GET /admin/users: live accounts (erased ones are gone), newest first, searchable by email or name. */
export async function listUsers(
  deps: Pick<AppDeps, 'db'>,
  input: {
    actor: AdminActor;
    searchQuery?: string;
    role?: UserRole;
    status?: UserAccountStatus;
    page: number;
    perPage: number;
  },
): Promise<AdminUserPage> {
  assertAdmin(input.actor);
  const where = and(
    isNull(users.deletedAt),
    input.role ? eq(users.role, input.role) : undefined,
    statusCondition(input.status),
    input.searchQuery ? matchesPerson(input.searchQuery) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(columns)
      .from(users)
      .leftJoin(countries, eq(countries.id, users.countryId))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    deps.db.select({ value: count() }).from(users).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    data: rows.map(toAdminUser),
    meta: {
      page: input.page,
      perPage: input.perPage,
      total: totalCount,
      totalPages: Math.ceil(totalCount / input.perPage),
    },
  };
}

async function loadForUpdate(tx: Tx, userId: string): Promise<Row> {
  const [row] = await tx
    .select(columns)
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update', { of: users });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * POST /admin/users/{id}/suspend. In one transaction: the account is marked suspended (which
 * takes a provider out of the directory and out of new bookings through the listing rule), every
 * live session is revoked (tokens and refresh tokens stop at once), the audit trail records it.
 * The caller closes the ended sessions' live sockets after the commit. Suspending a suspended
 * account changes nothing and records nothing. Admin accounts cannot be suspended here (409).
 */
export async function suspendUser(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: AdminActor; userId: string },
): Promise<{ user: AdminUser; endedSessionIds: string[] }> {
  assertAdmin(input.actor);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await loadForUpdate(tx, input.userId);
    if (row.role === 'admin') throw new AppError('USER_NOT_SUSPENDABLE');
    if (row.suspendedAt) return { user: toAdminUser(row), endedSessionIds: [] };
    await tx.update(users).set({ suspendedAt: now, updatedAt: now }).where(eq(users.id, row.identifier));
    const endedSessionIds = await revokeSessions(tx, { userId: row.identifier, now, reason: 'suspended' });
    await recordAudit(tx, {
      actor: auditActor(input.actor),
      action: 'user.suspend',
      targetType: 'user',
      targetId: row.identifier,
      detail: { role: row.role, endedSessions: endedSessionIds.length },
      at: now,
    });
    return { user: toAdminUser({ ...row, suspendedAt: now }), endedSessionIds };
  });
}

/**
 * POST /admin/users/{id}/reactivate: the account can sign in again (its old sessions stay ended)
 * and a provider who was listed before is listed again. Reactivating an active account changes
 * nothing and records nothing.
 */
export async function reactivateUser(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: AdminActor; userId: string },
): Promise<{ user: AdminUser }> {
  assertAdmin(input.actor);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await loadForUpdate(tx, input.userId);
    if (!row.suspendedAt) return { user: toAdminUser(row) };
    await tx.update(users).set({ suspendedAt: null, updatedAt: now }).where(eq(users.id, row.identifier));
    await recordAudit(tx, {
      actor: auditActor(input.actor),
      action: 'user.reactivate',
      targetType: 'user',
      targetId: row.identifier,
      detail: { role: row.role, suspendedAt: row.suspendedAt.toISOString() },
      at: now,
    });
    return { user: toAdminUser({ ...row, suspendedAt: null }) };
  });
}
