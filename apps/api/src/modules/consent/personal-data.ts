import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { consentDocuments, consentRequests, consentSettings, consentSignatures } from '../../db/schema/index.ts';
import type { AccountDeletingHandler, KeptRecord, PersonalDataContributor } from '../../platform/events.ts';

async function signaturesOf(tx: Tx, column: 'clientId' | 'providerId', userId: string) {
  return tx
    .select({ signature: consentSignatures, version: consentDocuments.version })
    .from(consentSignatures)
    .innerJoin(consentDocuments, eq(consentDocuments.id, consentSignatures.documentId))
    .where(eq(consentSignatures[column], userId))
    .orderBy(asc(consentSignatures.signedAt));
}

/**
 * The consent part of a data export. A client gets every signature they gave (what, when, from
 * where, the typed name); a provider gets every version they wrote and, per signature they hold,
 * the client by id, the version and when (the client's name and address are the client's).
 */
export const consentPersonalData: PersonalDataContributor = {
  section: 'consent',
  async collect(tx, { userId, role }) {
    if (role === 'provider') {
      const versions = await tx
        .select()
        .from(consentDocuments)
        .where(eq(consentDocuments.providerId, userId))
        .orderBy(asc(consentDocuments.version));
      const held = await signaturesOf(tx, 'providerId', userId);
      return {
        versions: versions.map((row) => ({
          version: row.version,
          text: row.body,
          sha256: row.sha256,
          savedAt: row.createdAt.toISOString(),
        })),
        signaturesReceived: held.map((row) => ({
          clientId: row.signature.clientId,
          version: row.version,
          signedAt: row.signature.signedAt.toISOString(),
        })),
      };
    }
    const given = await signaturesOf(tx, 'clientId', userId);
    return {
      signatures: given.map((row) => ({
        providerId: row.signature.providerId,
        version: row.version,
        signedName: row.signature.signedName,
        signedAt: row.signature.signedAt.toISOString(),
        ip: row.signature.ip,
        userAgent: row.signature.userAgent,
        sha256: row.signature.sha256,
      })),
    };
  },
};

/**
 * The consent part of erasing an account (docs/decisions/consent-signatures.md). A client's
 * signatures are the provider's proof of informed consent for sessions that took place, kept
 * like treatment records: the row stays (version, time, digest), but the typed name, IP and user
 * agent go, as names go everywhere else on erasure. A provider's versions that someone signed stay
 * (the text the signature's digest proves); unsigned versions, the setting and open requests go.
 */
export const consentErasure: AccountDeletingHandler = async (tx, { userId }) => {
  const kept: KeptRecord[] = [];
  const signed = await tx
    .update(consentSignatures)
    .set({ signedName: '', ip: null, userAgent: null })
    .where(eq(consentSignatures.clientId, userId))
    .returning({ id: consentSignatures.id });
  if (signed.length > 0) kept.push({ kind: 'consentSignatures', count: signed.length });
  await tx.delete(consentRequests).where(eq(consentRequests.clientId, userId));

  const own = await tx
    .select({ id: consentDocuments.id })
    .from(consentDocuments)
    .where(eq(consentDocuments.providerId, userId));
  if (own.length > 0) {
    const ids = own.map((row) => row.id);
    await tx.delete(consentRequests).where(inArray(consentRequests.documentId, ids));
    await tx
      .delete(consentDocuments)
      .where(
        and(
          eq(consentDocuments.providerId, userId),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(consentSignatures)
              .where(eq(consentSignatures.documentId, consentDocuments.id)),
          ),
        ),
      );
    const [left] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(consentDocuments)
      .where(eq(consentDocuments.providerId, userId));
    if (left?.count) kept.push({ kind: 'consentDocuments', count: Number(left.count) });
  }
  await tx.delete(consentSettings).where(eq(consentSettings.providerId, userId));
  return kept;
};
