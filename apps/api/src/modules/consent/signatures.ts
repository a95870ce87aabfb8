import type {
  BookingConsent,
  ClientConsentState,
  ConsentSignature,
  PendingConsents,
  SignConsentBody,
} from '@app/shared/schemas/consent';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, consentDocuments, consentSignatures, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { rawRows } from '../../platform/prepared.ts';
import { UUID_PATTERN } from '../../platform/uuid.ts';
import { personName } from '../profiles/person-json.ts';
import { consentDigest, consentRequired, currentConsent, toVersion } from './documents.ts';

type SignatureRow = typeof consentSignatures.$inferSelect;

export function toSignature(row: SignatureRow, version: number): ConsentSignature {
  return {
    identifier: row.id,
    version,
    signedName: row.signedName,
    signedAt: row.signedAt.toISOString(),
    ip: row.ip,
    sha256: row.sha256,
  };
}

/** A booking the actor is a party to (anyone else, an administrator included: NOT_FOUND). */
async function participantBooking(db: Tx, actor: Actor, bookingId: string) {
  if (!UUID_PATTERN.test(bookingId)) throw new AppError('NOT_FOUND');
  const me = actor.userId;
  const [row] = await db
    .select({ id: bookings.id, clientId: bookings.clientId, providerId: bookings.providerId })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), or(eq(bookings.clientId, me), eq(bookings.providerId, me))));
  if (!row) throw new AppError('NOT_FOUND');
  return { ...row, party: row.clientId === me ? ('client' as const) : ('provider' as const) };
}

async function signatureOf(db: Tx, documentId: string, clientId: string): Promise<SignatureRow | null> {
  const [row] = await db
    .select()
    .from(consentSignatures)
    .where(and(eq(consentSignatures.documentId, documentId), eq(consentSignatures.clientId, clientId)));
  return row ?? null;
}

async function nameOf(db: Tx, userId: string): Promise<string> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ? personName(row) : '';
}

/**
 * Whether the session room must wait for this client: the provider has a consent, keeps it
 * required, and the client has not signed its current version. No consent: no gate.
 */
export async function consentPending(db: Tx, input: { providerId: string; clientId: string }): Promise<boolean> {
  const current = await currentConsent(db, input.providerId);
  if (!current) return false;
  if (!(await consentRequired(db, input.providerId))) return false;
  return (await signatureOf(db, current.id, input.clientId)) === null;
}

/** GET /booking/{id}/consent (either party): the provider's current consent and the client's signature of it. */
export async function getBookingConsent(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; bookingId: string },
): Promise<BookingConsent> {
  const booking = await participantBooking(deps.db, input.actor, input.bookingId);
  const current = await currentConsent(deps.db, booking.providerId);
  const signature = current ? await signatureOf(deps.db, current.id, booking.clientId) : null;
  return {
    bookingIdentifier: booking.id,
    party: booking.party,
    provider: { identifier: booking.providerId, name: await nameOf(deps.db, booking.providerId) },
    client: { identifier: booking.clientId, name: await nameOf(deps.db, booking.clientId) },
    required: await consentRequired(deps.db, booking.providerId),
    document: current ? toVersion(current) : null,
    signature: signature && current ? toSignature(signature, current.version) : null,
  };
}

/**
 * POST /booking/{id}/consent: the booking's client signs the provider's current version. The
 * version they read must still be the current one (else CONSENT_VERSION_OUTDATED: they read it
 * again). Once per client and version: a second sign, or two at once, answers the one signature
 * (`created: false`). The digest is taken from the version's stored bytes at signing.
 */
export async function signConsent(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; bookingId: string; body: SignConsentBody; ip: string | null; userAgent: string | null },
): Promise<{ signature: ConsentSignature; created: boolean }> {
  const booking = await participantBooking(deps.db, input.actor, input.bookingId);
  if (booking.party !== 'client') throw new AppError('FORBIDDEN');
  const current = await currentConsent(deps.db, booking.providerId);
  if (!current) throw new AppError('NOT_FOUND');
  if (current.version !== input.body.version) throw new AppError('CONSENT_VERSION_OUTDATED');
  const [inserted] = await deps.db
    .insert(consentSignatures)
    .values({
      documentId: current.id,
      providerId: booking.providerId,
      clientId: booking.clientId,
      signedName: input.body.signedName.trim(),
      signedAt: deps.clock.now(),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      sha256: consentDigest(current.body),
    })
    .onConflictDoNothing({ target: [consentSignatures.documentId, consentSignatures.clientId] })
    .returning();
  if (inserted) return { signature: toSignature(inserted, current.version), created: true };
  const existing = await signatureOf(deps.db, current.id, booking.clientId);
  if (!existing) throw new AppError('CONFLICT');
  return { signature: toSignature(existing, current.version), created: false };
}

/**
 * GET /consent/pending (client): per provider of an upcoming confirmed or pending session, the
 * current consent still unsigned, with the soonest such session to sign it from.
 */
export async function pendingConsents(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor },
): Promise<PendingConsents> {
  const now = deps.clock.now();
  const rows = await rawRows<{
    booking_id: string;
    provider_id: string;
    first_name: string | null;
    last_name: string | null;
    email: string;
    version: number;
    required: boolean | null;
    starts_at: string | Date | null;
  }>(
    deps.db,
    sql`SELECT DISTINCT ON (b.provider_id) b.id AS booking_id, b.provider_id, u.first_name, u.last_name, u.email,
          d.version, s.required, b.starts_at
        FROM bookings b
        JOIN users u ON u.id = b.provider_id
        JOIN LATERAL (SELECT id, version FROM consent_documents WHERE provider_id = b.provider_id
                      ORDER BY version DESC LIMIT 1) d ON true
        LEFT JOIN consent_settings s ON s.provider_id = b.provider_id
        WHERE b.client_id = ${input.actor.userId}
          AND b.status IN ('pending', 'confirmed')
          AND (b.ends_at IS NULL OR b.ends_at > ${now.toISOString()})
          AND NOT EXISTS (SELECT 1 FROM consent_signatures cs
                          WHERE cs.document_id = d.id AND cs.client_id = b.client_id)
        ORDER BY b.provider_id, b.starts_at ASC NULLS LAST`,
  );
  return {
    data: rows
      .map((row) => ({
        bookingIdentifier: row.booking_id,
        provider: {
          identifier: row.provider_id,
          name: personName({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
        },
        version: Number(row.version),
        required: row.required ?? true,
        startAt: row.starts_at ? new Date(row.starts_at).toISOString() : null,
      }))
      .sort((a, b) => (a.startAt ?? '9').localeCompare(b.startAt ?? '9')),
  };
}

/**
 * GET /consent/clients/{id} (provider): a client's signatures of this provider's consent. Only
 * for a client who booked with them (anyone else: NOT_FOUND).
 */
export async function clientConsentState(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; clientId: string },
): Promise<ClientConsentState> {
  if (input.actor.role !== 'provider') throw new AppError('FORBIDDEN');
  if (!UUID_PATTERN.test(input.clientId)) throw new AppError('NOT_FOUND');
  const providerId = input.actor.userId;
  const [booked] = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.providerId, providerId), eq(bookings.clientId, input.clientId)))
    .limit(1);
  if (!booked) throw new AppError('NOT_FOUND');
  const current = await currentConsent(deps.db, providerId);
  const rows = await deps.db
    .select({ signature: consentSignatures, version: consentDocuments.version })
    .from(consentSignatures)
    .innerJoin(consentDocuments, eq(consentDocuments.id, consentSignatures.documentId))
    .where(and(eq(consentSignatures.providerId, providerId), eq(consentSignatures.clientId, input.clientId)))
    .orderBy(desc(consentDocuments.version));
  return {
    currentVersion: current?.version ?? null,
    required: await consentRequired(deps.db, providerId),
    signedCurrent: Boolean(current && rows.some((row) => row.signature.documentId === current.id)),
    signatures: rows.map((row) => toSignature(row.signature, row.version)),
  };
}

/** One signature with its document, for one of its two parties (anyone else: NOT_FOUND). */
export async function loadSignatureForParty(db: Tx, input: { actor: Actor; signatureId: string }) {
  if (!UUID_PATTERN.test(input.signatureId)) throw new AppError('NOT_FOUND');
  const me = input.actor.userId;
  const [row] = await db
    .select({ signature: consentSignatures, document: consentDocuments })
    .from(consentSignatures)
    .innerJoin(consentDocuments, eq(consentDocuments.id, consentSignatures.documentId))
    .where(
      and(
        eq(consentSignatures.id, input.signatureId),
        or(eq(consentSignatures.clientId, me), eq(consentSignatures.providerId, me)),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
