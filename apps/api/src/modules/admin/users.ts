import type { AdminUser, AdminUserPage, UserAccountStatus } from '@app/shared/schemas/admin';
import type { UserRole } from '@app/shared/schemas/auth-token';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
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

/**
 * The users list counts its matches up to this many (ten pages). Counting every account a common
 * name matches reads them all (a million accounts: a third of a second); past this, the page says
 * "more than" and the operator narrows the search.
 */
export const USERS_COUNTED_UP_TO = 200;

/**
 * The matches counted up to the limit, in the page's order: unordered, the count could take a
 * sequential scan that starts wherever a concurrent scan is (synchronized scans) and reads far
 * before it finds enough.
 */
async function countMatches(db: Tx, where: SQL | undefined): Promise<number> {
  const matched = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(USERS_COUNTED_UP_TO + 1)
    .as('matched');
  const [row] = await db.select({ value: count() }).from(matched);
  return row?.value ?? 0;
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
  const offset = (input.page - 1) * input.perPage;
  // The matches in the page's order, as far as the page or the count reaches (whichever is
  // further): a common name is read along the newest-first index until then, a rare one through
  // the trigram index (users_live_created_idx holds what a search reads). Read once, for both the
  // page and the count (a page past the end has no row to carry it); only the page's accounts
  // are then read whole.
  const matchedIds = deps.db.$with('matched').as(
    deps.db
      .select({ id: users.id, createdAt: users.createdAt })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(Math.max(USERS_COUNTED_UP_TO + 1, offset + input.perPage)),
  );
  const page = deps.db
    .select({ id: matchedIds.id, createdAt: matchedIds.createdAt })
    .from(matchedIds)
    .orderBy(desc(matchedIds.createdAt), desc(matchedIds.id))
    .limit(input.perPage)
    .offset(offset)
    .as('page');
  const rows = await deps.db
    .with(matchedIds)
    .select({ ...columns, matched: sql<number>`(SELECT count(*)::int FROM ${matchedIds})` })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .orderBy(desc(page.createdAt), desc(page.id));
  const matched = rows[0]?.matched ?? (await countMatches(deps.db, where));
  const total = Math.min(matched, USERS_COUNTED_UP_TO);
  return {
    data: rows.map(toAdminUser),
    meta: {
      page: input.page,
      perPage: input.perPage,
      total,
      totalPages: Math.ceil(total / input.perPage),
      moreThanTotal: matched > USERS_COUNTED_UP_TO,
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
