import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { privateStorageOf } from '../../platform/uploads/private-storage.ts';
import { seedDemoData } from '../../scripts/seed/demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.deps.db, new Date('2026-11-01T00:00:00Z'), privateStorageOf(t.deps));
});
afterAll(() => t.close());

describe('region lookups', () => {
  it('lists the four operating countries by default, with currency and time zones', async () => {
    const res = await t.app.inject({ url: '/api/region/country' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((c: { code: string }) => c.code).sort()).toEqual(['DE', 'GB', 'NG', 'US']);
    const ng = body.find((c: { code: string }) => c.code === 'NG');
    expect(ng).toMatchObject({ name: 'Nigeria', currencyCode: 'NGN', operating: true, timezones: ['Africa/Lagos'] });
    expect(ng.identifier).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists every ISO 3166 country with all=true, named in the request language', async () => {
    const res = await t.app.inject({ url: '/api/region/country?all=true', headers: { 'x-language': 'de' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.length).toBeGreaterThanOrEqual(249);
    expect(body.find((c: { code: string }) => c.code === 'DE')).toMatchObject({ name: 'Deutschland', operating: true });
    expect(body.find((c: { code: string }) => c.code === 'KE')).toMatchObject({ operating: false, currencyCode: null });
  });

  it('lists languages, and only the primary ones with primary=true', async () => {
    const all = (await t.app.inject({ url: '/api/region/languages' })).json();
    const primary = (await t.app.inject({ url: '/api/region/languages?primary=true' })).json();
    expect(all.length).toBeGreaterThan(primary.length);
    expect(primary.map((l: { code: string }) => l.code)).toEqual(
      expect.arrayContaining(['en', 'de', 'yo', 'ig', 'ha']),
    );
  });

  it('lists all Nigerian states and the FCT by country code, case-insensitively', async () => {
    const res = await t.app.inject({ url: '/api/region/country/code/ng/states' });
    expect(res.statusCode).toBe(200);
    const states = res.json();
    expect(states).toHaveLength(37);
    expect(states.map((s: { code: string }) => s.code)).toContain('NG-FC');
  });

  it('lists states by country identifier: 51 for the US, 16 Länder for Germany in German', async () => {
    const countries = (await t.app.inject({ url: '/api/region/country' })).json();
    const us = countries.find((c: { code: string }) => c.code === 'US');
    const de = countries.find((c: { code: string }) => c.code === 'DE');
    expect((await t.app.inject({ url: `/api/region/country/${us.identifier}/states` })).json()).toHaveLength(51);
    const laender = (
      await t.app.inject({ url: `/api/region/country/${de.identifier}/states`, headers: { 'x-language': 'de' } })
    ).json();
    expect(laender).toHaveLength(16);
    expect(laender.map((s: { name: string }) => s.name)).toContain('Bayern');
  });

  it('answers 404 for an unknown country and 400 for a malformed identifier', async () => {
    const missing = await t.app.inject({ url: '/api/region/country/00000000-0000-4000-8000-000000000000/states' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    const bad = await t.app.inject({ url: '/api/region/country/not-a-uuid/states' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { id: ['Invalid identifier'] } });
    const badCode = await t.app.inject({ url: '/api/region/country/code/NGA/states' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toBe('Use a two-letter country code');
  });

  it('ranks the top states by approved providers for a country', async () => {
    const res = await t.app.inject({ url: '/api/providers/stats/states?countryCode=NG&top=3' });
    expect(res.statusCode).toBe(200);
    const top = res.json();
    expect(top).toHaveLength(3);
    expect(top[0]).toMatchObject({ code: 'NG-LA', name: 'Lagos', providerCount: 3 });
    expect(top[0].providerCount).toBeGreaterThanOrEqual(top[1].providerCount);
  });

  it('answers an empty list of top states for a country with no providers', async () => {
    const res = await t.app.inject({ url: '/api/providers/stats/states?countryCode=KE' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
