import { type Language, languageOf } from '@app/shared/constants';
import { LISTING_SLOT_HORIZON_DAYS, type ListingRequirement } from '@app/shared/listing-rules';
import type {
  Insurance,
  MissingItem,
  Qualification,
  VerificationDecisionEntry,
  VerificationStatusValue,
  WorkHistory,
} from '@app/shared/schemas/credentials';
import { and, eq, sql } from 'drizzle-orm';
import { countries, providerProfiles, users, verificationDecisions } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { sendCredentialsEmail } from './emails.ts';
import { listedProviderSql, listingMissing } from './listing.ts';
import { listDecisions, listInsurance, listQualifications, listWorkHistory, missingItems } from './views.ts';

/** Everything an admin reviews for one provider. */
export interface ProviderDossier {
  provider: {
    userId: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    countryCode: string | null;
    language: string;
    createdAt: string;
  };
  verification: {
    status: VerificationStatusValue;
    /** Approved at (kept while a change is under review; cleared by a rejection). */
    approvedAt: string | null;
    /** Shown in the directory right now (the listing rule, credentials/listing.ts). */
    listed: boolean;
    /** What a submission would still lack. */
    missing: MissingItem[];
    /** What the listing rule still lacks (the "ready to go live" checklist; approval itself included). */
    listingMissing: ListingRequirement[];
  };
  /** Each file carries a signed link valid for 5 minutes. */
  qualifications: Qualification[];
  workHistory: WorkHistory[];
  /** Newest expiry first; `expired` against `now`. */
  insurance: Insurance[];
  /** Newest first. */
  decisions: VerificationDecisionEntry[];
}

/**
 * Everything an admin reviews for one provider: qualifications with files (each with a signed
 * short-lived link), work history, insurance (with expiry), verification status and decision
 * history. A user who is not a provider is NOT_FOUND. The caller checks the admin role.
 */
export async function getProviderDossier(
  deps: AppDeps,
  input: { providerUserId: string; now: Date },
): Promise<ProviderDossier> {
  const db = deps.db;
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      createdAt: users.createdAt,
      countryCode: countries.code,
      status: providerProfiles.verificationStatus,
      approvedAt: providerProfiles.approvedAt,
      listed: sql<boolean>`${listedProviderSql(providerProfiles.userId, input.now)}`,
    })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(and(eq(users.id, input.providerUserId), eq(users.role, 'provider')));
  if (!row) throw new AppError('NOT_FOUND');
  const providerId = row.userId;
  const [qualificationList, history, insurance, decisions, missing, notListed] = await Promise.all([
    listQualifications(deps, db, { providerId, now: input.now }),
    listWorkHistory(db, providerId),
    listInsurance(deps, db, { providerId, now: input.now }),
    listDecisions(db, providerId),
    missingItems(db, { providerId, now: input.now }),
    listingMissing(db, { providerId, now: input.now }),
  ]);
  return {
    provider: {
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      countryCode: row.countryCode,
      language: row.language,
      createdAt: row.createdAt.toISOString(),
    },
    verification: {
      status: row.status,
      approvedAt: row.approvedAt?.toISOString() ?? null,
      listed: Boolean(row.listed),
      missing,
      listingMissing: notListed,
    },
    qualifications: qualificationList,
    workHistory: history,
    insurance,
    decisions,
  };
}

/**
 * submitted → approved | rejected, in one transaction: the decision (admin, note, time) goes to
 * verification_decisions, provider_profiles.verification_status changes (approval sets
 * approved_at, which lists the provider; rejection clears it) and the audit trail records it. The provider is emailed in their
 * language after the commit (a rejection carries the note). Not submitted: VERIFICATION_NOT_SUBMITTED
 * (409); not a provider: NOT_FOUND. The caller checks the admin role.
 */
export async function decideVerification(
  deps: AppDeps,
  input: {
    adminUserId: string;
    providerUserId: string;
    decision: 'approved' | 'rejected';
    note?: string;
    /** The language of the refusal's missing list (the admin's). */
    language?: Language;
  },
): Promise<{ status: 'approved' | 'rejected' }> {
  const now = deps.clock.now();
  const note = input.note?.trim() ? input.note.trim().slice(0, 2000) : null;
  const provider = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: providerProfiles.verificationStatus,
        email: users.email,
        firstName: users.firstName,
        language: users.language,
      })
      .from(providerProfiles)
      .innerJoin(users, eq(users.id, providerProfiles.userId))
      .where(and(eq(providerProfiles.userId, input.providerUserId), eq(users.role, 'provider')))
      .for('update', { of: providerProfiles });
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'submitted') throw new AppError('VERIFICATION_NOT_SUBMITTED');
    const [decision] = await tx
      .insert(verificationDecisions)
      .values({
        providerId: input.providerUserId,
        adminId: input.adminUserId,
        decision: input.decision,
        note,
        decidedAt: now,
      })
      .returning({ id: verificationDecisions.id });
    await tx
      .update(providerProfiles)
      .set({
        verificationStatus: input.decision,
        approvedAt: input.decision === 'approved' ? now : null,
        updatedAt: now,
      })
      .where(eq(providerProfiles.userId, input.providerUserId));
    if (input.decision === 'approved') {
      // Approval lists the provider: refused while anything else the listing rule asks is missing
      // (the slot computed now, from the calendar as it stands: availability's reaction).
      await deps.events.providerApproved(tx, { providerId: input.providerUserId, at: now });
      const missing = await listingMissing(tx, { providerId: input.providerUserId, now });
      if (missing.length > 0) {
        const language = input.language ?? 'en';
        throw new AppError('LISTING_INCOMPLETE', {
          missing: missing
            .map((item) => translate(language, `listing.missing.${item}`, { days: LISTING_SLOT_HORIZON_DAYS }))
            .join('; '),
        });
      }
    }
    // The trail names the decision row (its note stays there: the audit detail holds no free text).
    await recordAudit(tx, {
      actor: { userId: input.adminUserId, role: 'admin' },
      action: input.decision === 'approved' ? 'provider.approve' : 'provider.reject',
      targetType: 'user',
      targetId: input.providerUserId,
      detail: { decisionId: decision?.id ?? null },
      at: now,
    });
    await deps.events.notify(tx, {
      userId: input.providerUserId,
      kind: input.decision === 'approved' ? 'verification.approved' : 'verification.rejected',
      at: now,
    });
    return row;
  });
  try {
    await sendCredentialsEmail(deps, {
      to: provider.email,
      language: languageOf(provider.language),
      firstName: provider.firstName,
      template: input.decision,
      quote: input.decision === 'rejected' ? note : null,
    });
  } catch {
    // The decision stands; the provider also sees it at /my-credentials.
  }
  return { status: input.decision };
}
