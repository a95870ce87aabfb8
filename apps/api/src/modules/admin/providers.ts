import type { Language } from '@app/shared/constants';
import type { AdminProviderPage, ProviderDossierView } from '@app/shared/schemas/admin';
import type { VerificationStatusValue } from '@app/shared/schemas/credentials';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { countries, providerProfiles, users } from '../../db/schema/index.ts';
import { type AdminActor, assertAdmin } from '../../platform/admin-actor.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { listedProviderSql, utcDay } from '../credentials/listing.ts';
import { decideVerification, getProviderDossier } from '../credentials/review.ts';
import { matchesPerson } from './search.ts';

/**
 * GET /admin/providers: the review queue. `submitted` (the default) lists the oldest waiting
 * first (first come, first reviewed); any other status lists the most recently changed first.
 */
export async function listProviders(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: {
    actor: AdminActor;
    status: VerificationStatusValue;
    searchQuery?: string;
    page: number;
    perPage: number;
  },
): Promise<AdminProviderPage> {
  assertAdmin(input.actor);
  const where = and(
    eq(providerProfiles.verificationStatus, input.status),
    isNull(users.deletedAt),
    input.searchQuery ? matchesPerson(input.searchQuery) : undefined,
  );
  const _today = utcDay(deps.clock.now());
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        identifier: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        countryCode: countries.code,
        status: providerProfiles.verificationStatus,
        listed: sql<boolean>`${listedProviderSql(providerProfiles.userId, deps.clock.now())}`,
        suspendedAt: users.suspendedAt,
        updatedAt: providerProfiles.updatedAt,
        createdAt: users.createdAt,
      })
      .from(providerProfiles)
      .innerJoin(users, eq(users.id, providerProfiles.userId))
      .leftJoin(countries, eq(countries.id, users.countryId))
      .where(where)
      .orderBy(
        input.status === 'submitted' ? asc(providerProfiles.updatedAt) : desc(providerProfiles.updatedAt),
        asc(users.id),
      )
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    deps.db
      .select({ value: count() })
      .from(providerProfiles)
      .innerJoin(users, eq(users.id, providerProfiles.userId))
      .where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    data: rows.map((row) => ({
      identifier: row.identifier,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      countryCode: row.countryCode,
      status: row.status,
      listed: Boolean(row.listed),
      suspended: row.suspendedAt !== null,
      updatedAt: row.updatedAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    })),
    meta: {
      page: input.page,
      perPage: input.perPage,
      total: totalCount,
      totalPages: Math.ceil(totalCount / input.perPage),
    },
  };
}

/** GET /admin/providers/{id}: the credentials dossier (signed 5-minute file links) and the account state. */
export async function getProviderForReview(
  deps: AppDeps,
  input: { actor: AdminActor; providerUserId: string },
): Promise<ProviderDossierView> {
  assertAdmin(input.actor);
  const dossier = await getProviderDossier(deps, { providerUserId: input.providerUserId, now: deps.clock.now() });
  const [account] = await deps.db
    .select({ suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, input.providerUserId));
  return { ...dossier, suspended: Boolean(account?.suspendedAt) };
}

/**
 * POST /admin/providers/{id}/approve | reject: through the credentials module's decision (one
 * transaction: the decision, the status, the audit entry; the email after the commit).
 */
export function decideProvider(
  deps: AppDeps,
  input: {
    actor: AdminActor;
    providerUserId: string;
    decision: 'approved' | 'rejected';
    note?: string;
    language?: Language;
  },
): Promise<{ status: 'approved' | 'rejected' }> {
  assertAdmin(input.actor);
  return decideVerification(deps, {
    adminUserId: input.actor.userId,
    providerUserId: input.providerUserId,
    decision: input.decision,
    note: input.note,
    language: input.language,
  });
}

/** How many providers wait in the review queue (submitted, account not deleted). */
export async function countAwaitingReview(deps: Pick<AppDeps, 'db'>): Promise<number> {
  const [row] = await deps.db
    .select({ total: count() })
    .from(providerProfiles)
    .innerJoin(users, eq(users.id, providerProfiles.userId))
    .where(and(eq(providerProfiles.verificationStatus, 'submitted'), isNull(users.deletedAt)));
  return row?.total ?? 0;
}
