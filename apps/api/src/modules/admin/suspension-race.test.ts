import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { auditLog } from '../../db/schema/index.ts';
import { suspendUser } from './users.ts';

/** Real concurrency: only on PostgreSQL (PGlite has one connection). */
describe.runIf(testDriver === 'pg')('suspension under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('two admins suspending one account at once: it is suspended once, recorded once', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const admins = await Promise.all([createTestUser(t, { role: 'admin' }), createTestUser(t, { role: 'admin' })]);
    const results = await Promise.all(
      admins.map((admin) =>
        suspendUser(t.deps, {
          actor: { userId: admin.id, role: 'admin', sessionId: admin.sessionId },
          userId: client.id,
        }),
      ),
    );
    expect(results.every((result) => result.user.status === 'suspended')).toBe(true);
    // The session was ended by exactly one of them.
    expect(results.map((result) => result.endedSessionIds.length).sort()).toEqual([0, 1]);
    const rows = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, client.id), eq(auditLog.action, 'user.suspend')));
    expect(rows).toHaveLength(1);
  });
});
