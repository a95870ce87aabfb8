import { gunzipSync } from 'node:zlib';
import { INSTRUMENTS, itemId } from '@app/shared/instruments';
import type { MeasureSeries } from '@app/shared/schemas/forms';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, createProvider, scheduledBooking } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import type { TestUser } from '../../../test/factories.ts';
import { submittedMeasure } from '../../../test/form-fixtures.ts';
import { formAccessLog, formProgressDigests, formRequests } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { formAccessOf } from './access-log.ts';
import { progressAnswer } from './progress.ts';
import { formSealer } from './sealed.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
let provider: TestUser;
let client: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const ids = await catalog(t);
  provider = await createProvider(t, { firstName: 'Ngozi', lastName: "Okafor-D'Souza" });
  ({ client } = await scheduledBooking(t, ids, { provider, date: '2027-03-02', pay: true }));
});
afterAll(() => t.close());

/** A submitted PHQ-9 sealed as submitForm seals it, every item answered `value`, `days` before now. */
async function submitted(value: number, days: number): Promise<string> {
  const row = submittedMeasure(formSealer(t.deps.config), {
    providerId: provider.id,
    clientId: client.id,
    instrument: INSTRUMENTS.phq9,
    answers: Object.fromEntries(INSTRUMENTS.phq9.items.en.map((_, index) => [itemId(index + 1), String(value)])),
    at: new Date(clock.now().getTime() - days * 86_400_000),
  });
  await t.deps.db.insert(formRequests).values(row);
  return row.id as string;
}

const chartUrl = () => `/api/forms/clients/${client.id}/progress`;
const providerChartRow = () =>
  and(eq(formProgressDigests.clientId, client.id), eq(formProgressDigests.providerId, provider.id));
const providerChart = () => t.deps.db.select().from(formProgressDigests).where(providerChartRow());

describe('a progress chart', () => {
  it('is opened form by form once, then read sealed whole until a new form joins it', async () => {
    const first = [await submitted(3, 30), await submitted(2, 20), await submitted(1, 10)];
    const opened = await t.app.inject({ url: chartUrl(), headers: provider.headers });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toEqual([
      expect.objectContaining({
        instrument: 'phq9',
        points: [
          expect.objectContaining({ requestId: first[0], score: 27 }),
          expect.objectContaining({ requestId: first[1], score: 18 }),
          expect.objectContaining({ requestId: first[2], score: 9 }),
        ],
      }),
    ]);
    const [digest] = await providerChart();
    expect(digest).toMatchObject({ requestIds: first, keyId: formSealer(t.deps.config).keyId });
    // Sealed: neither a score nor a band is readable in the table.
    expect(digest?.sealed.toString('latin1')).not.toMatch(/phq9|severe|"score"/);

    // The next read serves what is sealed: a chart sealed for these same forms is what it answers.
    const sealer = formSealer(t.deps.config);
    const marked: MeasureSeries[] = [{ ...opened.json().data[0], maxScore: 99 }];
    const scope = { clientId: client.id, providerId: provider.id };
    await t.deps.db
      .update(formProgressDigests)
      .set({ sealed: sealer.sealChart(scope, progressAnswer(marked)) })
      .where(providerChartRow());
    const cached = await t.app.inject({ url: chartUrl(), headers: provider.headers });
    expect(cached.json().data).toEqual(marked);
    // To a client that takes gzip, the sealed bytes go out as they are, still never stored by anyone.
    const zipped = await t.app.inject({
      url: chartUrl(),
      headers: { ...provider.headers, 'accept-encoding': 'br;q=1, gzip;q=0.8' },
    });
    expect(zipped.headers).toMatchObject({
      'content-encoding': 'gzip',
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      vary: 'accept-encoding',
    });
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')).data).toEqual(marked);

    // A new form: the chart is opened again and names all four.
    const fourth = await submitted(0, 1);
    const grown = await t.app.inject({ url: chartUrl(), headers: provider.headers });
    expect(grown.json().data[0].maxScore).toBe(27);
    expect(grown.json().data[0].points.map((point: { requestId: string }) => point.requestId)).toEqual([
      ...first,
      fourth,
    ]);
    expect((await providerChart())[0]?.requestIds).toEqual([...first, fourth]);

    // Every read is recorded, sealed or not, naming each form it showed.
    expect((await formAccessOf(t.deps.db, first[0] as string)).map((row) => row.action)).toEqual([
      'progress',
      'progress',
      'progress',
      'progress',
    ]);
    expect((await formAccessOf(t.deps.db, fourth)).map((row) => row.action)).toEqual(['progress']);
  });

  it("is the client's own across providers, sealed apart from the provider's", async () => {
    const own = await t.app.inject({ url: '/api/forms/progress', headers: client.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().data[0].points).toHaveLength(4);
    const [digest] = await t.deps.db
      .select()
      .from(formProgressDigests)
      .where(and(eq(formProgressDigests.clientId, client.id), isNull(formProgressDigests.providerId)));
    expect(digest?.requestIds).toHaveLength(4);
    expect(digest?.sealed.equals((await providerChart())[0]?.sealed as Buffer)).toBe(false);
  });

  it('answers 404 to a provider whose client they are not, reading and recording nothing', async () => {
    const stranger = await createProvider(t, { firstName: 'Søren', lastName: 'Ødegård' });
    const logged = await t.deps.db.$count(formAccessLog);
    const charts = await t.deps.db.$count(formProgressDigests);
    const response = await t.app.inject({ url: chartUrl(), headers: stranger.headers });
    expect(response.statusCode).toBe(404);
    expect(await t.deps.db.$count(formAccessLog)).toBe(logged);
    expect(await t.deps.db.$count(formProgressDigests)).toBe(charts);
  });
});
