import { gzipSync } from 'node:zlib';
import { INSTRUMENT_KEYS, INSTRUMENTS, type InstrumentKey, isInstrumentKey, maxScore } from '@app/shared/instruments';
import type { FormResult, MeasureSeries, Progress } from '@app/shared/schemas/forms';
import { asc, sql } from 'drizzle-orm';
import { bufferOf, formProgressDigests, formRequests } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { preparedSql, type Statement } from '../../platform/prepared.ts';
import { clientOf } from '../clients/relation.ts';
import { formAccessInsert, uuidArray } from './access-log.ts';
import { type ChartScope, type FormSealer, formSealer } from './sealed.ts';

type ProgressDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * GET /forms/progress (client: their own, across providers) and GET /forms/clients/{id}/progress
 * (provider: one of their clients, their own forms only): each measure's scores over time, with
 * its bands, oldest first. Someone who is not the provider's client: NOT_FOUND.
 *
 * A chart opens every result it shows, which for a client measured weekly for years is hundreds
 * of decryptions per read. So one statement checks the relation, lists the forms the chart shows,
 * records the read of them all (before anything is answered) and brings the chart as last opened,
 * sealed whole (form_progress_digests), if it names exactly those forms under the current key: one
 * decryption. Otherwise the chart is opened form by form and sealed again for the next read.
 * The answer is the Progress as gzipped JSON, kept sealed as it is sent: a read neither parses,
 * serializes nor compresses it.
 */
export async function measureProgress(deps: ProgressDeps, input: { actor: Actor; clientId?: string }): Promise<Buffer> {
  const { actor } = input;
  let scope: ChartScope;
  if (actor.role === 'provider' && input.clientId) scope = { clientId: input.clientId, providerId: actor.userId };
  else if (actor.role === 'client' && !input.clientId) scope = { clientId: actor.userId, providerId: null };
  else throw new AppError('NOT_FOUND');
  const sealer = formSealer(deps.config);
  const now = deps.clock.now();
  const [read] = await (scope.providerId ? chartReads.provider : chartReads.client)(deps.db, {
    ...scope,
    currentKey: sealer.keyId,
    actorId: actor.userId,
    at: now.toISOString(),
  });
  if (!read?.related) throw new AppError('NOT_FOUND');
  if (read.keyId && read.sealed) return sealer.openChart(read.keyId, scope, bufferOf(read.sealed));
  // No sealed chart: the ids of the forms it shows (none: an empty chart).
  if (read.ids.length === 0) return emptyChart;
  const answer = progressAnswer(await openChart(deps, sealer, read.ids));
  await deps.db
    .insert(formProgressDigests)
    .values({
      ...scope,
      requestIds: read.ids,
      keyId: sealer.keyId,
      sealed: sealer.sealChart(scope, answer),
      builtAt: now,
    })
    .onConflictDoUpdate({
      target: [formProgressDigests.clientId, formProgressDigests.providerId],
      set: {
        requestIds: sql`excluded.request_ids`,
        keyId: sql`excluded.key_id`,
        sealed: sql`excluded.sealed`,
        builtAt: sql`excluded.built_at`,
      },
    });
  return answer;
}

/** A chart's answer as sent: the Progress as gzipped JSON. */
export function progressAnswer(data: MeasureSeries[]): Buffer {
  const progress: Progress = { data };
  return gzipSync(JSON.stringify(progress));
}

/** The answer of a chart with no measures yet, gzipped once (it is never written to). */
const emptyChart = progressAnswer([]);

interface ChartRead {
  related: boolean;
  ids: string[];
  keyId: string | null;
  sealed: Buffer | Uint8Array | null;
}

/**
 * The chart's forms (submitted measures, in chart order), the read of them recorded, and the
 * sealed chart if it names exactly those forms under `currentKey`; `related` is false for someone
 * who is not the provider's client (nothing is then read or recorded). Prepared, one statement
 * for a provider's chart of a client and one for a client's own: a chart is read far more often
 * than it changes, and planning it was a good part of each read.
 */
function chartRead(forProvider: boolean): Statement<ChartRead> {
  const clientId = sql`${sql.placeholder('clientId')}::uuid`;
  const providerId = sql`${sql.placeholder('providerId')}::uuid`;
  return {
    with: {
      related: sql`SELECT ${forProvider ? clientOf({ providerId, clientUserId: clientId }) : sql`TRUE`} AS ok`,
      shown: sql`SELECT coalesce(array_agg(f.id ORDER BY f.submitted_at, f.id), '{}') AS ids
        FROM ${formRequests} f
       WHERE f.client_id = ${clientId} AND ${forProvider ? sql`f.provider_id = ${providerId}` : sql`TRUE`}
         AND f.status = 'submitted' AND f.instrument IS NOT NULL AND f.result IS NOT NULL
         AND (SELECT ok FROM related)`,
      logged: formAccessInsert(sql`(SELECT ids FROM shown)`, {
        actorId: sql.placeholder('actorId'),
        action: 'progress',
        at: sql.placeholder('at'),
      }),
    },
    select: sql`SELECT related.ok AS related, d.key_id AS "keyId", d.sealed AS sealed,
           -- The ids travel only when the chart is opened again (a sealed one already names them).
           CASE WHEN d.sealed IS NULL THEN shown.ids ELSE '{}' END AS ids
      FROM related CROSS JOIN shown
      LEFT JOIN ${formProgressDigests} d
        ON d.client_id = ${clientId} AND ${forProvider ? sql`d.provider_id = ${providerId}` : sql`d.provider_id IS NULL`}
       AND d.key_id = ${sql.placeholder('currentKey')} AND d.request_ids = shown.ids`,
    columns: ['related', 'keyId', 'sealed', 'ids'],
  };
}

const chartReads = {
  provider: preparedSql('forms_chart_read_provider', () => chartRead(true)),
  client: preparedSql('forms_chart_read_client', () => chartRead(false)),
};

/**
 * The chart opened form by form (`ids`: submitted measures, as chartRead lists them): each
 * measure's series, in INSTRUMENT_KEYS order.
 */
async function openChart(deps: ProgressDeps, sealer: FormSealer, ids: string[]): Promise<MeasureSeries[]> {
  const rows = await deps.db
    .select({
      id: formRequests.id,
      instrument: formRequests.instrument,
      keyId: formRequests.keyId,
      result: formRequests.result,
      submittedAt: formRequests.submittedAt,
    })
    .from(formRequests)
    .where(sql`${formRequests.id} = ANY(${uuidArray(ids)})`)
    .orderBy(asc(formRequests.submittedAt), asc(formRequests.id));
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
  return INSTRUMENT_KEYS.flatMap((key) => (series.has(key) ? [series.get(key) as MeasureSeries] : []));
}
