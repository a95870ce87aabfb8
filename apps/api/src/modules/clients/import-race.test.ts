import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { providerClients } from '../../db/schema/index.ts';
import { multipartForm } from '../../platform/uploads/test-files.ts';

/** Concurrent imports of the same people: each person becomes one client, reported once as imported. */
describe.runIf(testDriver === 'pg')('concurrent imports (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('never duplicates a client when the same CSV is committed ten times at once', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const csv = [
      'first name,last name,email',
      ...Array.from({ length: 50 }, (_, i) => `Race,Person,race${i}@example.test`),
    ].join('\n');
    const send = () => {
      const form = multipartForm([
        { name: 'dryRun', value: 'false' },
        { name: 'file', filename: 'c.csv', data: Buffer.from(csv), contentType: 'text/csv' },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/clients/import/csv',
        headers: { ...provider.headers, ...form.headers },
        payload: form.payload,
      });
    };
    const answers = await Promise.all(Array.from({ length: 10 }, send));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const imported = answers.reduce((sum, answer) => sum + answer.json().counts.imported, 0);
    expect(imported).toBe(50);
    expect(await t.deps.db.$count(providerClients, eq(providerClients.providerId, provider.id))).toBe(50);
    for (const answer of answers) {
      const { counts } = answer.json();
      expect(counts.imported + counts.duplicate).toBe(50);
    }
  });
});
