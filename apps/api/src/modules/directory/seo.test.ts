import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, makeListed, type TestUser } from '../../../test/factories.ts';

let t: TestApp;
let listed: TestUser;
let unlisted: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ config: { PUBLIC_URL: 'https://therapy.example' } });
  listed = await makeListed(t, await createTestUser(t, { role: 'provider', firstName: 'Jürgen', lastName: "O'Groß" }));
  unlisted = await createTestUser(t, { role: 'provider', verificationStatus: 'submitted' });
});
afterAll(() => t.close());

describe('GET /sitemap.xml', () => {
  it('lists the public pages and every listed provider (at the address with their name) in both languages', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const xml = response.body;
    expect(xml).toContain('<loc>https://therapy.example/providers/</loc>');
    expect(xml).toContain('<loc>https://therapy.example/de/contact/</loc>');
    expect(xml).toContain(`<loc>https://therapy.example/providers/${listed.id}-jurgen-o-gross/</loc>`);
    expect(xml).toContain(`<loc>https://therapy.example/de/providers/${listed.id}-jurgen-o-gross/</loc>`);
    expect(xml).toContain(
      `<xhtml:link rel="alternate" hreflang="de" href="https://therapy.example/de/providers/${listed.id}-jurgen-o-gross/"/>`,
    );
    expect(xml).not.toContain(unlisted.id);
  });
});

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the signed-in areas and names the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Disallow: /de/wallet/');
    expect(response.body).toContain('Sitemap: https://therapy.example/sitemap.xml');
    expect(response.body).not.toMatch(/Disallow: \/providers/);
  });
});
