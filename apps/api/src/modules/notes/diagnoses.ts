import { randomUUID } from 'node:crypto';
import { hasSuperbill, type TelehealthPlaceOfService } from '@app/shared/billing-rules';
import type { SessionDiagnosis, SessionDiagnosisUpdateSchema } from '@app/shared/schemas/documents';
import type { z } from '@app/shared/zod';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, sessionDiagnoses } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { recordNoteAccess } from './access-log.ts';
import { keyringOf, sealText, unsealText } from './crypto.ts';

/**
 * A session's diagnosis (ICD-10 codes) for the client's US superbill: health data kept like a
 * clinical note. The codes are sealed under the notes' current key, bound to the row's id; every
 * write and every read (the provider's form, the client's superbill) is in note_access_log under
 * that id.
 */

type DiagnosisDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const aad = (diagnosisId: string) => Buffer.from(`session-diagnoses:${diagnosisId}:codes`);

type DiagnosisRow = typeof sessionDiagnoses.$inferSelect;

function openCodes(config: DiagnosisDeps['config'], row: DiagnosisRow): string[] {
  return JSON.parse(unsealText(keyringOf(config), row.keyId, row.codes, aad(row.id))) as string[];
}

const EMPTY: SessionDiagnosis = { codes: [], placeOfService: '10', updatedAt: null };

/** The provider's own session billed in US dollars (someone else's: NOT_FOUND; another currency: 409). */
async function ownBillableSession(db: Tx, actor: Actor, bookingId: string): Promise<void> {
  if (actor.role !== 'provider') throw new AppError('FORBIDDEN');
  const [row] = await db
    .select({ currencyCode: bookings.currencyCode })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.providerId, actor.userId)));
  if (!row) throw new AppError('NOT_FOUND');
  if (!hasSuperbill(row)) throw new AppError('SUPERBILL_UNAVAILABLE');
}

/** GET /note/booking/{id}/diagnosis: the provider's own session's diagnosis (the read is logged). */
export async function getSessionDiagnosis(
  deps: DiagnosisDeps,
  input: { actor: Actor; bookingId: string },
): Promise<SessionDiagnosis> {
  await ownBillableSession(deps.db, input.actor, input.bookingId);
  const [row] = await deps.db.select().from(sessionDiagnoses).where(eq(sessionDiagnoses.bookingId, input.bookingId));
  if (!row) return EMPTY;
  await recordNoteAccess(deps.db, {
    actorId: input.actor.userId,
    action: 'read',
    noteIds: [row.id],
    at: deps.clock.now(),
  });
  return {
    codes: openCodes(deps.config, row),
    placeOfService: row.placeOfService as TelehealthPlaceOfService,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** PUT /note/booking/{id}/diagnosis: sets the codes and place of service of one session. */
export async function saveSessionDiagnosis(
  deps: DiagnosisDeps,
  input: { actor: Actor; bookingId: string; body: z.output<typeof SessionDiagnosisUpdateSchema> },
): Promise<SessionDiagnosis> {
  const now = deps.clock.now();
  const ring = keyringOf(deps.config);
  return deps.db.transaction(async (tx) => {
    await ownBillableSession(tx, input.actor, input.bookingId);
    const [existing] = await tx
      .select({ id: sessionDiagnoses.id })
      .from(sessionDiagnoses)
      .where(eq(sessionDiagnoses.bookingId, input.bookingId))
      .for('update');
    const id = existing?.id ?? randomUUID();
    const sealed = {
      keyId: ring.currentId,
      codes: sealText(ring, ring.currentId, JSON.stringify(input.body.codes), aad(id)),
      placeOfService: input.body.placeOfService,
      updatedAt: now,
    };
    if (existing) await tx.update(sessionDiagnoses).set(sealed).where(eq(sessionDiagnoses.id, id));
    else {
      await tx
        .insert(sessionDiagnoses)
        .values({ id, bookingId: input.bookingId, providerId: input.actor.userId, createdAt: now, ...sealed });
    }
    await recordNoteAccess(tx, {
      actorId: input.actor.userId,
      action: existing ? 'update' : 'create',
      noteIds: [id],
      at: now,
    });
    return { codes: input.body.codes, placeOfService: input.body.placeOfService, updatedAt: now.toISOString() };
  });
}

/**
 * The diagnoses of sessions a superbill prints, read for `readerId` (the client whose superbill
 * it is, after the caller checked the sessions are theirs); each read is logged.
 */
export async function readDiagnosesForSuperbill(
  deps: DiagnosisDeps,
  input: { readerId: string; bookingIds: readonly string[] },
): Promise<Map<string, { codes: string[]; placeOfService: TelehealthPlaceOfService }>> {
  const result = new Map<string, { codes: string[]; placeOfService: TelehealthPlaceOfService }>();
  if (input.bookingIds.length === 0) return result;
  const rows = await deps.db
    .select()
    .from(sessionDiagnoses)
    .where(inArray(sessionDiagnoses.bookingId, [...input.bookingIds]));
  await recordNoteAccess(deps.db, {
    actorId: input.readerId,
    action: 'read',
    noteIds: rows.map((row) => row.id),
    at: deps.clock.now(),
  });
  for (const row of rows) {
    result.set(row.bookingId, {
      codes: openCodes(deps.config, row),
      placeOfService: row.placeOfService as TelehealthPlaceOfService,
    });
  }
  return result;
}
