import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/factories.ts';
import { allowedOriginHosts, supportedLocale } from './request-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    config: {
      PUBLIC_URL: 'http://localhost:3000',
      PUBLIC_ORIGINS: 'https://therapyhub.example, https://de.therapyhub.example',
    },
  });
});
afterAll(() => t.close());

const call = (headers: Record<string, string>, url = '/api/region/languages', method: 'GET' | 'POST' = 'GET') =>
  t.app.inject({ method, url, headers });

describe('request headers (SPEC.md §7)', () => {
  it('answer 400 with the header named, in the request language, for values we do not know', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ 'x-language': 'fr' }, 'X-Language'],
      [{ 'x-locale': 'fr-FR' }, 'X-Locale'],
      [{ 'x-locale': 'not a locale!' }, 'X-Locale'],
      [{ 'x-country-code': 'ZZ' }, 'X-Country-Code'],
      [{ 'x-country-code': 'Nigeria' }, 'X-Country-Code'],
      [{ 'x-view-mode': 'admin' }, 'X-View-Mode'],
    ];
    for (const [headers, name] of cases) {
      const response = await call(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_HEADER' });
      expect(response.json().message).toContain(name);
    }
    const german = await call({ 'x-language': 'de', 'x-country-code': 'QQ' });
    expect(german.json().message).toBe('Der Header X-Country-Code hat einen unbekannten Wert: „QQ“.');
  });

  it('accept the values the web sends and known variants', async () => {
    const accepted: Array<Record<string, string>> = [
      { 'x-language': 'en', 'x-locale': 'en-NG', 'x-country-code': 'NG', 'x-origin-domain': 'localhost:3000' },
      { 'x-language': 'de', 'x-locale': 'de-DE', 'x-country-code': 'de', 'x-origin-domain': 'therapyhub.example' },
      { 'x-locale': 'de', 'x-origin-domain': 'DE.therapyhub.example' },
      { 'x-country-code': 'FR', 'x-origin-domain': '127.0.0.1:3000' },
    ];
    for (const headers of accepted) {
      expect((await call(headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('X-Locale picks the language when X-Language does not say it', async () => {
    const response = await call({ 'x-locale': 'de-AT', 'x-country-code': 'ZZ' });
    expect(response.json().message).toContain('Der Header X-Country-Code');
    const english = await call({ 'x-language': 'en', 'x-locale': 'de-DE', 'x-country-code': 'ZZ' });
    expect(english.json().message).toContain('The X-Country-Code header');
  });

  it('refuses an X-Origin-Domain that is not one of the public origins', async () => {
    for (const origin of ['evil.example', 'localhost:4000', 'therapyhub.example.evil.example']) {
      const response = await call({ 'x-origin-domain': origin });
      expect(response.statusCode, origin).toBe(400);
      expect(response.json().code).toBe('ORIGIN_NOT_ALLOWED');
    }
  });

  it('check headers before anything else, also on guarded and writing routes, and leave pages alone', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const write = await call({ ...user.headers, 'x-country-code': 'ZZ' }, '/api/notifications/read-all', 'GET');
    expect(write.statusCode).toBe(400);
    // X-View-Mode: 1 keeps its meaning (read-only): a write is refused, 403.
    const viewWrite = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/read-all',
      headers: { ...user.headers, 'x-view-mode': '1' },
    });
    expect(viewWrite.statusCode).toBe(403);
    expect(viewWrite.json().code).toBe('VIEW_MODE_READ_ONLY');
    const page = await t.app.inject({ url: '/health-page-not-api', headers: { 'x-country-code': 'ZZ' } });
    expect(page.statusCode).not.toBe(400);
  });

  it('helpers: locales of our languages only; loopback names stand for each other', () => {
    expect(supportedLocale('de-de')).toBe('de-DE');
    expect(supportedLocale('en')).toBe('en');
    expect(supportedLocale('fr-FR')).toBeUndefined();
    expect(supportedLocale('??')).toBeUndefined();
    const hosts = allowedOriginHosts({ PUBLIC_URL: 'http://localhost:3319', PUBLIC_ORIGINS: undefined });
    expect([...hosts].sort()).toEqual(['127.0.0.1:3319', '[::1]:3319', 'localhost:3319']);
  });
});
