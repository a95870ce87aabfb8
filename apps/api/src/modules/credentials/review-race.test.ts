import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, makeListed } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { emails, indemnityInsurances, users, verificationDecisions } from '../../db/schema/index.ts';
import { sendInsuranceReminders } from './reminders.ts';
import { decideVerification } from './review.ts';

/** Real concurrency: only on PostgreSQL (PGlite has one connection). */
describe.runIf(testDriver === 'pg')('verification decisions and reminders under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('two admins deciding at once: one decision is stored, the other is VERIFICATION_NOT_SUBMITTED', async () => {
    const provider = await makeListed(
      t,
      await createTestUser(t, { role: 'provider', verificationStatus: 'submitted' }),
    );
    const [first, second] = [await createTestUser(t, { role: 'admin' }), await createTestUser(t, { role: 'admin' })];
    const results = await Promise.allSettled([
      decideVerification(t.deps, { adminUserId: first.id, providerUserId: provider.id, decision: 'approved' }),
      decideVerification(t.deps, {
        adminUserId: second.id,
        providerUserId: provider.id,
        decision: 'rejected',
        note: 'No.',
      }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ code: 'VERIFICATION_NOT_SUBMITTED' });
    const rows = await t.deps.db
      .select()
      .from(verificationDecisions)
      .where(eq(verificationDecisions.providerId, provider.id));
    expect(rows).toHaveLength(1);
  });

  it('reminder runs at once send each reminder once', async () => {
    const provider = await createTestUser(t, { role: 'provider', verificationStatus: 'draft' });
    const expiresOn = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await t.deps.db.insert(indemnityInsurances).values({
      providerId: provider.id,
      storageKey: `credentials/insurance/${provider.id.replaceAll('-', '')}.pdf`,
      filename: 'policy.pdf',
      contentType: 'application/pdf',
      sizeBytes: 100,
      expiresOn,
    });
    await Promise.all([sendInsuranceReminders(t.deps), sendInsuranceReminders(t.deps), sendInsuranceReminders(t.deps)]);
    const [user] = await t.deps.db.select({ email: users.email }).from(users).where(eq(users.id, provider.id));
    const sent = await t.deps.db
      .select()
      .from(emails)
      .where(eq(emails.to, user?.email ?? ''));
    expect(sent).toHaveLength(1);
  });
});
