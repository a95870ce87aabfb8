import { PREFERENCE_LIST_NAMES } from '@app/shared/schemas/catalog';
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

describe('catalog lookups', () => {
  it('lists therapy categories in order, translated', async () => {
    const en = (await t.app.inject({ url: '/api/categories/therapy' })).json();
    const de = (await t.app.inject({ url: '/api/categories/therapy', headers: { 'x-language': 'de' } })).json();
    expect(en.length).toBeGreaterThanOrEqual(6);
    expect(de.map((c: { identifier: string }) => c.identifier)).toEqual(
      en.map((c: { identifier: string }) => c.identifier),
    );
    expect(de[1].name).not.toBe(en[1].name);
  });

  it('answers the 10 most common concerns, most common first', async () => {
    const res = await t.app.inject({ url: '/api/categories/concerns/top?limit=10&withTherapists=false' });
    expect(res.statusCode).toBe(200);
    const concerns = res.json();
    expect(concerns).toHaveLength(10);
    expect(concerns[0]).toMatchObject({ key: 'anxiety', name: 'Anxiety', therapistCount: 3 });
  });

  it('keeps only concerns an approved provider treats with withTherapists=true', async () => {
    const concerns = (await t.app.inject({ url: '/api/categories/concerns/top?limit=100&withTherapists=true' })).json();
    expect(concerns.length).toBeGreaterThan(0);
    expect(concerns.every((c: { therapistCount: number }) => c.therapistCount > 0)).toBe(true);
    expect(concerns.map((c: { key: string }) => c.key)).not.toContain('loneliness');
  });

  it('rejects a limit out of range with a translated message', async () => {
    const res = await t.app.inject({ url: '/api/categories/concerns/top?limit=0', headers: { 'x-language': 'de' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { limit: ['Muss mindestens 1 sein'] } });
  });

  it('answers every preference list keyed by name', async () => {
    const res = await t.app.inject({ url: '/api/preferences' });
    expect(res.statusCode).toBe(200);
    const lists = res.json();
    expect(Object.keys(lists).sort()).toEqual([...PREFERENCE_LIST_NAMES].sort());
    for (const name of PREFERENCE_LIST_NAMES) {
      expect(lists[name].length, name).toBeGreaterThan(0);
      expect(lists[name][0]).toEqual({
        identifier: expect.any(String),
        key: expect.any(String),
        name: expect.any(String),
      });
    }
  });

  it('answers one preference list, and 400 for an unknown list', async () => {
    const modality = await t.app.inject({ url: '/api/preferences/modality' });
    expect(modality.statusCode).toBe(200);
    expect(modality.json().length).toBeGreaterThanOrEqual(3);
    const unknown = await t.app.inject({ url: '/api/preferences/shoeSize' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown preference list');
  });
});
