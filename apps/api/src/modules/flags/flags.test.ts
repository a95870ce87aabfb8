import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { auditLog, featureFlags } from '../../db/schema/index.ts';
import { evaluateFlagRule, rolloutBucket } from './rules.ts';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createTestUser(t, { role: 'admin', firstName: 'Ops', lastName: 'Lead' });
});
afterAll(() => t.close());

/** A browser: keeps the visitor cookie the server sets. */
function visitor(country?: string) {
  let cookie = '';
  return async () => {
    const response = await t.app.inject({
      url: '/api/flags',
      headers: { ...(cookie ? { cookie } : {}), ...(country ? { 'x-country-code': country } : {}) },
    });
    expect(response.statusCode).toBe(200);
    const set = response.cookies.find((c) => c.name === 'visitor_id');
    if (set) cookie = `visitor_id=${set.value}`;
    return { flags: response.json().flags as Record<string, boolean>, set };
  };
}
const edit = (user: TestUser, body: unknown, key = 'show_support_livechat') =>
  t.app.inject({ method: 'PUT', url: `/api/admin/flags/${key}`, headers: user.headers, payload: body as object });

describe('feature flags', () => {
  it('are off until edited; a visitor gets a signed, httpOnly visitor-id cookie once', async () => {
    const browser = visitor();
    const first = await browser();
    expect(first.flags).toEqual({ show_support_livechat: false });
    expect(first.set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(first.set?.value).toContain('.'); // signed
    const again = await browser();
    expect(again.set).toBeUndefined();
  });

  it('an admin edit is stored, audited with before and after, and applies at once', async () => {
    const response = await edit(admin, { enabled: true, countries: ['gb', 'NG', 'NG'], rolloutPercent: 100 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      key: 'show_support_livechat',
      enabled: true,
      countries: ['GB', 'NG'],
      rolloutPercent: 100,
      updatedBy: 'Ops Lead',
    });
    const [row] = await t.deps.db.select().from(featureFlags).where(eq(featureFlags.key, 'show_support_livechat'));
    expect(row).toMatchObject({ enabled: true, countries: ['GB', 'NG'], updatedBy: admin.id });
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'flag.update'), eq(auditLog.targetId, 'show_support_livechat')));
    expect(entry).toMatchObject({ actorId: admin.id, actorRole: 'admin', targetType: 'feature_flag' });
    expect(entry?.detail).toEqual({
      before: { enabled: false, countries: [], rolloutPercent: 100 },
      after: { enabled: true, countries: ['GB', 'NG'], rolloutPercent: 100 },
    });

    expect((await visitor('NG')()).flags.show_support_livechat).toBe(true);
    expect((await visitor('GB')()).flags.show_support_livechat).toBe(true);
    expect((await visitor('DE')()).flags.show_support_livechat).toBe(false);
    // Without a header: the country cookie, else NG.
    expect((await visitor()()).flags.show_support_livechat).toBe(true);

    const listed = await t.app.inject({ url: '/api/admin/flags', headers: admin.headers });
    expect(listed.json()).toMatchObject({
      provider: 'database',
      data: [{ key: 'show_support_livechat', enabled: true }],
    });
  });

  it('a rollout keeps each visitor on their side', async () => {
    expect((await edit(admin, { enabled: true, countries: [], rolloutPercent: 50 })).statusCode).toBe(200);
    const browsers = Array.from({ length: 20 }, () => visitor('DE'));
    const first = await Promise.all(browsers.map((browser) => browser()));
    const second = await Promise.all(browsers.map((browser) => browser()));
    expect(second.map((r) => r.flags.show_support_livechat)).toEqual(first.map((r) => r.flags.show_support_livechat));
  });

  it('refuses other roles (403) and bad rules (400), changing nothing', async () => {
    await edit(admin, { enabled: false, countries: [], rolloutPercent: 100 });
    const client = await createTestUser(t, { role: 'client' });
    expect((await edit(client, { enabled: true, countries: [], rolloutPercent: 100 })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/flags', headers: client.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/flags/show_support_livechat' })).statusCode).toBe(401);
    const bad = await edit(admin, { enabled: true, countries: ['Nigeria'], rolloutPercent: 101 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      'countries.0': ['Use two-letter country codes such as NG or GB.'],
      rolloutPercent: ['Enter a whole number from 0 to 100.'],
    });
    expect((await edit(admin, { enabled: true, countries: [], rolloutPercent: 100 }, 'unknown_flag')).statusCode).toBe(
      400,
    );
    const [row] = await t.deps.db.select().from(featureFlags).where(eq(featureFlags.key, 'show_support_livechat'));
    expect(row?.enabled).toBe(false);
  });
});

describe('flag rules', () => {
  it('country first, then a stable bucket per visitor and flag', () => {
    const rule = { enabled: true, countries: ['NG'], rolloutPercent: 100 };
    expect(evaluateFlagRule('f', rule, { visitorId: 'v', country: 'gb' }).value).toBe(false);
    expect(evaluateFlagRule('f', rule, { visitorId: 'v', country: 'ng' }).value).toBe(true);
    expect(evaluateFlagRule('f', { ...rule, enabled: false }, { visitorId: 'v', country: 'NG' }).value).toBe(false);
    fc.assert(
      fc.property(fc.uuid(), fc.integer({ min: 0, max: 100 }), (visitorId, percent) => {
        const outcome = evaluateFlagRule(
          'f',
          { enabled: true, countries: [], rolloutPercent: percent },
          { visitorId, country: 'DE' },
        );
        expect(outcome.value).toBe(rolloutBucket('f', visitorId) < percent);
        expect(rolloutBucket('f', visitorId)).toBe(rolloutBucket('f', visitorId));
      }),
    );
  });
});

describe('an external provider (FLAG_PROVIDER_MODULE)', () => {
  it('answers instead of the database, through the same OpenFeature client', async () => {
    const external = await buildTestApp({
      config: { FLAG_PROVIDER_MODULE: path.resolve(import.meta.dirname, '../../../test/fixtures/flag-provider.ts') },
    });
    try {
      const response = await external.app.inject({ url: '/api/flags', headers: { 'x-country-code': 'DE' } });
      expect(response.json()).toEqual({ flags: { show_support_livechat: true } });
      const boss = await createTestUser(external, { role: 'admin' });
      const listed = await external.app.inject({ url: '/api/admin/flags', headers: boss.headers });
      expect(listed.json().provider).toBe('in-memory');
    } finally {
      await external.close();
    }
  });
});
