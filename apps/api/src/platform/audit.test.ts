import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { auditLog } from '../db/schema/index.ts';
import { recordAudit } from './audit.ts';

describe('audit trail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('records an entry inside the caller’s transaction, and nothing when it rolls back', async () => {
    const actor = { userId: '00000000-0000-4000-8000-000000000001', role: 'admin' };
    await t.deps.db.transaction(async (tx) => {
      await recordAudit(tx, {
        actor,
        action: 'provider.approve',
        targetType: 'provider',
        targetId: 'p1',
        detail: { note: false },
      });
    });
    await t.deps.db
      .transaction(async (tx) => {
        await recordAudit(tx, { actor, action: 'provider.reject', targetType: 'provider', targetId: 'p1' });
        throw new Error('abort');
      })
      .catch(() => {});
    const rows = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, 'p1'));
    expect(rows.map((row) => [row.action, row.actorId, row.actorRole, row.detail])).toEqual([
      ['provider.approve', actor.userId, 'admin', { note: false }],
    ]);
  });

  it('refuses to change, remove or truncate a recorded entry, whatever the connection', async () => {
    await recordAudit(t.deps.db, { actor: { userId: null, role: 'system' }, action: 'job.run', targetType: 'job' });
    const before = await t.deps.db.select().from(auditLog);
    for (const attempt of [
      () => t.deps.db.update(auditLog).set({ action: 'forged' }),
      () => t.deps.db.delete(auditLog),
      () => t.deps.db.execute(sql`TRUNCATE audit_log`),
    ]) {
      const error = await Promise.resolve()
        .then(attempt)
        .then(
          () => null,
          (caught: Error) => caught,
        );
      // Drizzle wraps the database's error ("Failed query: …"); the refusal is its cause.
      expect((error?.cause as Error | undefined)?.message ?? error?.message).toMatch(/append-only/);
    }
    expect(await t.deps.db.select().from(auditLog)).toEqual(before);
  });
});
