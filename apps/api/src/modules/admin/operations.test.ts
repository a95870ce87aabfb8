import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, createBookingVia, createProvider } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { auditLog, ledgerAccounts, payments } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import { fixedClock } from '../../platform/clock.ts';
import { rawRows } from '../../platform/prepared.ts';
import { auditRows } from './audit.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await createTestUser(t, { role: 'admin' });
});
afterAll(() => t.close());

describe('operations views', () => {
  it('counts bookings by status and lists one status', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const ids = await catalog(t);
    const booking = await createBookingVia(t, client, provider, ids);
    const response = await t.app.inject({
      url: '/api/admin/operations/bookings?status=pending',
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.counts.pending).toBe(1);
    expect(body.meta.total).toBe(1);
    expect(body.data[0]).toMatchObject({
      identifier: booking.identifier,
      status: 'pending',
      paid: false,
      client: { identifier: client.id, email: client.email },
      provider: { identifier: provider.id },
    });
    const confirmed = await t.app.inject({
      url: '/api/admin/operations/bookings?status=confirmed',
      headers: admin.headers,
    });
    expect(confirmed.json().data).toEqual([]);
    const bad = await t.app.inject({ url: '/api/admin/operations/bookings?status=lost', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('lists top-ups awaiting the gateway, oldest first, overdue after the grace period', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const topUp = await t.app.inject({
      method: 'POST',
      url: '/api/payment/wallet',
      headers: { ...client.headers, 'idempotency-key': 'admin-ops-1' },
      payload: { amount: 1_000_000 },
    });
    expect(topUp.statusCode, topUp.body).toBeLessThan(300);
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.userId, client.id));
    if (!payment) throw new Error('no payment');

    const fresh = await t.app.inject({ url: '/api/admin/operations/money', headers: admin.headers });
    expect(fresh.statusCode).toBe(200);
    const row = fresh
      .json()
      .pendingPayments.find((item: { reference: string }) => item.reference === payment.reference);
    expect(row).toMatchObject({ purpose: 'top_up', amountMinor: payment.amountMinor, overdue: false });
    expect(row.user).toEqual({ identifier: client.id, email: client.email });
    expect(fresh.json().pendingPayouts).toEqual([]);

    clock.advance(6 * 60 * 1000);
    const later = await t.app.inject({ url: '/api/admin/operations/money', headers: admin.headers });
    expect(
      later.json().pendingPayments.find((item: { reference: string }) => item.reference === payment.reference)?.overdue,
    ).toBe(true);
    admin = await createTestUser(t, { role: 'admin' }); // a token signed at the new time
  });

  it('runs the ledger check: healthy, then a tampered balance shows up', async () => {
    const healthy = await t.app.inject({ url: '/api/admin/operations/reconciliation', headers: admin.headers });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toMatchObject({ unbalancedTransactions: [], mismatchedAccounts: [], negativeAccounts: [] });

    const client = await createTestUser(t, { role: 'client' });
    const [account] = await t.deps.db
      .insert(ledgerAccounts)
      .values({
        key: `client_wallet:NGN:${client.id}`,
        kind: 'client_wallet',
        userId: client.id,
        currencyCode: 'NGN',
        balanceMinor: 500,
      })
      .returning();
    const found = await t.app.inject({ url: '/api/admin/operations/reconciliation', headers: admin.headers });
    expect(found.json().mismatchedAccounts).toEqual([account?.key]);
  });

  it('is for admins only', async () => {
    const client = await createTestUser(t, { role: 'client' });
    for (const url of ['/api/admin/operations/bookings', '/api/admin/operations/money', '/api/admin/audit']) {
      expect((await t.app.inject({ url, headers: client.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });
});

describe('the audit listing', () => {
  it('lists entries newest first with who and whom, filtered by action domain or target', async () => {
    const client = await createTestUser(t, { role: 'client' });
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${client.id}/suspend`, headers: admin.headers });
    clock.advance(1000);
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${client.id}/reactivate`, headers: admin.headers });
    const response = await t.app.inject({
      url: `/api/admin/audit?action=user&targetIdentifier=${client.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json().data;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['user.reactivate', 'user.suspend']);
    expect(entries[1]).toMatchObject({
      actor: { identifier: admin.id, role: 'admin', email: admin.email },
      targetType: 'user',
      targetIdentifier: client.id,
      targetLabel: client.email,
    });
    const exact = await t.app.inject({ url: '/api/admin/audit?action=user.suspend', headers: admin.headers });
    expect(exact.json().data.every((entry: { action: string }) => entry.action === 'user.suspend')).toBe(true);
    const none = await t.app.inject({ url: '/api/admin/audit?action=provider', headers: admin.headers });
    expect(none.json().data).toEqual([]);
    const bad = await t.app.inject({ url: '/api/admin/audit?action=DROP%20TABLE', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it("reads one target's trail and the person it names by index, and names no one for a non-user target", async () => {
    const client = await createTestUser(t, { role: 'client' });
    await recordAudit(t.deps.db, {
      actor: { userId: admin.id, role: 'admin' },
      action: 'review.view',
      targetType: 'review',
      targetId: 'not-a-uuid',
    });
    const odd = await t.app.inject({ url: '/api/admin/audit?targetIdentifier=not-a-uuid', headers: admin.headers });
    expect(odd.statusCode, odd.body).toBe(200);
    expect(odd.json().data).toEqual([expect.objectContaining({ targetType: 'review', targetLabel: null })]);
    // With sequential scans priced out (these tables are small), the plan names the trail's
    // target index and the users' primary key for the person: no id is compared as text.
    const plan = await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return rawRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`EXPLAIN ${auditRows(tx, eq(auditLog.targetId, client.id), { page: 1, perPage: 20 })}`,
      );
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('audit_log_target_at_idx');
    expect(text).not.toMatch(/\(id\)::text/);
  });
});
