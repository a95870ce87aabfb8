import type { Language } from '@app/shared/constants';
import type { VerificationNote } from '@app/shared/schemas/credentials';
import { desc, eq, sql } from 'drizzle-orm';
import { providerProfiles, users, verificationDecisions } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { listedProviderSql, listingMissing } from './listing.ts';
import { missingItems } from './views.ts';

function assertProvider(actor: Actor): void {
  if (actor.role !== 'provider') throw new AppError('FORBIDDEN');
}

/** GET /provider/qualification/verification-note: status, the last reviewer's note, what is missing. */
export async function getVerificationNote(deps: AppDeps, input: { actor: Actor }): Promise<VerificationNote> {
  assertProvider(input.actor);
  const now = deps.clock.now();
  const providerId = input.actor.userId;
  const [profile] = await deps.db
    .select({
      status: providerProfiles.verificationStatus,
      listed: sql<boolean>`${listedProviderSql(providerProfiles.userId, now)}`,
    })
    .from(providerProfiles)
    .innerJoin(users, eq(users.id, providerProfiles.userId))
    .where(eq(providerProfiles.userId, providerId));
  if (!profile) throw new AppError('NOT_FOUND');
  const [decision] = await deps.db
    .select({ note: verificationDecisions.note, decidedAt: verificationDecisions.decidedAt })
    .from(verificationDecisions)
    .where(eq(verificationDecisions.providerId, providerId))
    .orderBy(desc(verificationDecisions.decidedAt), desc(verificationDecisions.id))
    .limit(1);
  return {
    status: profile.status,
    listed: Boolean(profile.listed),
    note: decision?.note ?? null,
    decidedAt: decision?.decidedAt.toISOString() ?? null,
    missing: await missingItems(deps.db, { providerId, now }),
    listingMissing: await listingMissing(deps.db, { providerId, now }),
  };
}

/**
 * PUT /provider/verification-submission: draft or rejected → submitted. Refused (409, the
 * missing items named) without a licence with credential number and an unexpired insurance.
 * Submitting again while submitted or approved changes nothing.
 */
export async function submitForVerification(
  deps: AppDeps,
  input: { actor: Actor; language: Language },
): Promise<VerificationNote> {
  assertProvider(input.actor);
  const now = deps.clock.now();
  const providerId = input.actor.userId;
  await deps.db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ status: providerProfiles.verificationStatus })
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, providerId))
      .for('update');
    if (!profile) throw new AppError('NOT_FOUND');
    if (profile.status === 'submitted' || profile.status === 'approved') return;
    const missing = await missingItems(tx, { providerId, now });
    if (missing.length > 0) {
      throw new AppError('VERIFICATION_INCOMPLETE', {
        missing: missing.map((item) => translate(input.language, `credentials.missing.${item}`)).join('; '),
        items: missing,
      });
    }
    await tx
      .update(providerProfiles)
      .set({ verificationStatus: 'submitted', updatedAt: now })
      .where(eq(providerProfiles.userId, providerId));
  });
  return getVerificationNote(deps, { actor: input.actor });
}
