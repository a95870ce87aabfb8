import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, createProvider, scheduledBooking } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { formProgressDigests, formRequests } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { formsErasure, formsPersonalData } from './personal-data.ts';
import { assign, myForms, phq9Answers, postTemplate } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
});
afterAll(() => t.close());

describe('forms in a data export and an erasure', () => {
  it('exports both sides decrypted; erasing the client withdraws what they never sent and keeps the rest, told', async () => {
    const ids = await catalog(t);
    const provider = await createProvider(t);
    const { id: templateId } = await postTemplate(t, provider);
    await assign(t, provider, { form: { templateId }, clientId: null });
    await assign(t, provider, { form: { instrument: 'phq9' }, clientId: null });
    const { client } = await scheduledBooking(t, ids, { provider, date: '2027-03-02', pay: true });
    const phq9 = (await myForms(t, client)).find((form) => form.instrument === 'phq9');
    const intake = (await myForms(t, client)).find((form) => !form.instrument);
    await t.app.inject({
      method: 'POST',
      url: `/api/forms/requests/${phq9?.id}/submit`,
      headers: client.headers,
      payload: { answers: phq9Answers(1) },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/forms/requests/${intake?.id}/draft`,
      headers: client.headers,
      payload: { answers: { name: "Chiamaka O'Neil-Adébáyọ̀" } },
    });

    const contributor = formsPersonalData(t.deps);
    const now = t.deps.clock.now();
    const mine = (await t.deps.db.transaction((tx) =>
      contributor.collect(tx, { userId: client.id, role: 'client', now }),
    )) as {
      formsSentToYou: { answers: Record<string, unknown> }[];
    };
    expect(mine.formsSentToYou.map((form) => form.answers)).toEqual(
      expect.arrayContaining([phq9Answers(1), { name: "Chiamaka O'Neil-Adébáyọ̀" }]),
    );
    const theirs = (await t.deps.db.transaction((tx) =>
      contributor.collect(tx, { userId: provider.id, role: 'provider', now }),
    )) as {
      formsYouBuilt: unknown[];
      formsYouSent: { answers: Record<string, unknown> }[];
    };
    expect(theirs.formsYouBuilt).toHaveLength(1);
    // The provider never sees the client's unsent draft.
    expect(theirs.formsYouSent.map((form) => form.answers)).toEqual(expect.arrayContaining([phq9Answers(1), {}]));

    // Both read the chart: each is kept sealed whole, a copy that goes with the client.
    for (const [url, user] of [
      [`/api/forms/clients/${client.id}/progress`, provider],
      ['/api/forms/progress', client],
    ] as const) {
      expect((await t.app.inject({ url, headers: user.headers })).statusCode).toBe(200);
    }
    const charts = () => t.deps.db.$count(formProgressDigests, eq(formProgressDigests.clientId, client.id));
    expect(await charts()).toBe(2);

    const kept = await t.deps.db.transaction((tx) => formsErasure(tx, { userId: client.id, now }));
    expect(await charts()).toBe(0);
    expect(kept).toEqual([{ kind: 'formAnswers', count: 1 }]);
    const left = await t.deps.db.select().from(formRequests).where(eq(formRequests.clientId, client.id));
    expect(left.map((row) => row.id)).toEqual([phq9?.id]);
  });
});
