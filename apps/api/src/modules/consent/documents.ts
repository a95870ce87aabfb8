import { createHash } from 'node:crypto';
import type { ConsentSettings, ConsentVersion, OwnConsent, SaveConsentBody } from '@app/shared/schemas/consent';
import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { consentDocuments, consentSettings, consentSignatures } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';

export type ConsentDocumentRow = typeof consentDocuments.$inferSelect;

/** The SHA-256 (hex) of exactly the bytes a client reads and signs: the UTF-8 of the text. */
export function consentDigest(body: string): string {
  return createHash('sha256').update(Buffer.from(body, 'utf8')).digest('hex');
}

/** Windows and old Mac line ends become \n, so the same words always hash the same. */
function normalise(body: string): string {
  return body.replace(/\r\n?/g, '\n').trim();
}

export function toVersion(row: ConsentDocumentRow): ConsentVersion {
  return { version: row.version, body: row.body, sha256: row.sha256, createdAt: row.createdAt.toISOString() };
}

/** The provider's current consent (their highest version), or null when they have none. */
export async function currentConsent(db: Tx, providerId: string): Promise<ConsentDocumentRow | null> {
  const [row] = await db
    .select()
    .from(consentDocuments)
    .where(eq(consentDocuments.providerId, providerId))
    .orderBy(desc(consentDocuments.version))
    .limit(1);
  return row ?? null;
}

/** Whether the provider's room waits for the signature: yes unless they turned it off. */
export async function consentRequired(db: Tx, providerId: string): Promise<boolean> {
  const [row] = await db
    .select({ required: consentSettings.required })
    .from(consentSettings)
    .where(eq(consentSettings.providerId, providerId));
  return row?.required ?? true;
}

function assertProvider(actor: Actor): void {
  if (actor.role !== 'provider') throw new AppError('FORBIDDEN');
}

/** GET /consent/documents: the provider's versions, newest first, each with its signature count. */
export async function getOwnConsent(deps: Pick<AppDeps, 'db'>, input: { actor: Actor }): Promise<OwnConsent> {
  assertProvider(input.actor);
  const providerId = input.actor.userId;
  const rows = await deps.db
    .select({
      document: consentDocuments,
      signatures: sql<number>`(SELECT count(*)::int FROM ${consentSignatures} WHERE ${consentSignatures.documentId} = ${consentDocuments.id})`,
    })
    .from(consentDocuments)
    .where(eq(consentDocuments.providerId, providerId))
    .orderBy(desc(consentDocuments.version));
  return {
    required: await consentRequired(deps.db, providerId),
    versions: rows.map((row) => ({ ...toVersion(row.document), signatures: Number(row.signatures) })),
  };
}

/**
 * POST /consent/documents: saves the text as the provider's next version (old versions stay as
 * they were signed). The same words as the current version make no new version. Two saves at
 * once: the second one's version number is taken, and it is told to retry (CONFLICT).
 */
export async function saveConsent(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; body: SaveConsentBody },
): Promise<ConsentVersion> {
  assertProvider(input.actor);
  const body = normalise(input.body.body);
  const providerId = input.actor.userId;
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await currentConsent(tx, providerId);
      const sha256 = consentDigest(body);
      if (current && current.sha256 === sha256) return toVersion(current);
      const [row] = await tx
        .insert(consentDocuments)
        .values({ providerId, version: (current?.version ?? 0) + 1, body, sha256, createdAt: now })
        .returning();
      if (!row) throw new Error('consent version not saved');
      return toVersion(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'consent_documents_provider_version_uq')) throw new AppError('CONFLICT');
    throw error;
  }
}

/** PUT /consent/settings: whether the room waits for the client's signature. */
export async function setConsentSettings(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; settings: ConsentSettings },
): Promise<ConsentSettings> {
  assertProvider(input.actor);
  const now = deps.clock.now();
  await deps.db
    .insert(consentSettings)
    .values({ providerId: input.actor.userId, required: input.settings.required, updatedAt: now })
    .onConflictDoUpdate({
      target: consentSettings.providerId,
      set: { required: input.settings.required, updatedAt: now },
    });
  return { required: input.settings.required };
}
