import { INSTRUMENT_KEYS, INSTRUMENTS, type InstrumentKey, isInstrumentKey, maxScore } from '@app/shared/instruments';
import type { FormResult, MeasureSeries, Progress } from '@app/shared/schemas/forms';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { formRequests } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { isClientOf } from '../clients/relation.ts';
import { recordFormAccess } from './access-log.ts';
import { formSealer } from './sealed.ts';

/**
 * GET /forms/progress (client: their own, across providers) and GET /forms/clients/{id}/progress
 * (provider: one of their clients, their own forms only): each measure's scores over time, with
 * its bands, oldest first. Every form read is recorded; someone who is not the provider's client: NOT_FOUND.
 */
export async function measureProgress(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { actor: Actor; clientId?: string },
): Promise<Progress> {
  const { actor } = input;
  let where: ReturnType<typeof and>;
  if (actor.role === 'provider' && input.clientId) {
    if (!(await isClientOf(deps.db, { providerId: actor.userId, clientUserId: input.clientId }))) {
      throw new AppError('NOT_FOUND');
    }
    where = and(eq(formRequests.providerId, actor.userId), eq(formRequests.clientId, input.clientId));
  } else if (actor.role === 'client' && !input.clientId) {
    where = eq(formRequests.clientId, actor.userId);
  } else {
    throw new AppError('NOT_FOUND');
  }
  const rows = await deps.db
    .select({
      id: formRequests.id,
      instrument: formRequests.instrument,
      keyId: formRequests.keyId,
      result: formRequests.result,
      submittedAt: formRequests.submittedAt,
    })
    .from(formRequests)
    .where(
      and(
        where,
        eq(formRequests.status, 'submitted'),
        isNotNull(formRequests.instrument),
        isNotNull(formRequests.result),
      ),
    )
    .orderBy(asc(formRequests.submittedAt));
  const sealer = formSealer(deps.config);
  const series = new Map<InstrumentKey, MeasureSeries>();
  for (const row of rows) {
    if (!row.instrument || !isInstrumentKey(row.instrument) || !row.keyId || !row.result || !row.submittedAt) continue;
    const instrument = INSTRUMENTS[row.instrument];
    let entry = series.get(instrument.key);
    if (!entry) {
      entry = { instrument: instrument.key, maxScore: maxScore(instrument), bands: [...instrument.bands], points: [] };
      series.set(instrument.key, entry);
    }
    const result = sealer.open<Omit<FormResult, 'maxScore'>>(row.keyId, row.id, 'result', row.result);
    entry.points.push({
      requestId: row.id,
      at: row.submittedAt.toISOString(),
      score: result.score,
      band: result.band,
      urgent: result.urgent,
    });
  }
  await recordFormAccess(deps.db, {
    actorId: actor.userId,
    action: 'progress',
    requestIds: rows.map((row) => row.id),
    at: deps.clock.now(),
  });
  return { data: INSTRUMENT_KEYS.flatMap((key) => (series.has(key) ? [series.get(key) as MeasureSeries] : [])) };
}
