import { gunzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

/**
 * How pages are delivered: a Content-Security-Policy whose script-src has this response's nonce
 * and no 'unsafe-inline', that nonce on every inline script of the server-rendered HTML, a fresh
 * one per response (also for public pages served from the rendered-page cache), compression with
 * the right Vary, and the page working in the browser under that policy.
 */

function scriptSrc(csp: string): string {
  return (
    csp
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('script-src ')) ?? ''
  );
}

function inlineScriptNonces(html: string): string[] {
  return (
    [...html.matchAll(/<script\b([^>]*)>(?!<\/script>)/g)]
      // Scripts that run: not loaded from a file, and not a data block (JSON-LD is never executed,
      // so script-src does not govern it; its text has `<` escaped, see app/lib/seo.ts).
      .filter((match) => !/\bsrc=/.test(match[1] ?? '') && !/type="application\/ld\+json"/.test(match[1] ?? ''))
      .map((match) => /\bnonce="([^"]*)"/.exec(match[1] ?? '')?.[1] ?? '(none)')
  );
}

for (const path of ['/', '/de/providers/', '/login/']) {
  test(`${path}: every inline script carries the header's nonce, fresh per response`, async ({ request }) => {
    const answers = [];
    for (let round = 0; round < 2; round++) {
      const response = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
      expect(response.status()).toBe(200);
      const csp = response.headers()['content-security-policy'] ?? '';
      const source = scriptSrc(csp);
      expect(source).not.toContain("'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("form-action 'self'");
      const nonce = /'nonce-([^']+)'/.exec(source)?.[1];
      expect(nonce, source).toBeTruthy();
      const html = await response.text();
      const nonces = inlineScriptNonces(html);
      expect(nonces.length).toBeGreaterThanOrEqual(3);
      expect(new Set(nonces)).toEqual(new Set([nonce]));
      answers.push(nonce);
    }
    expect(answers[0]).not.toEqual(answers[1]);
  });
}

test('a cached public page sent gzip-compressed keeps a fresh nonce and says what it varies on', async ({
  request,
}) => {
  const nonces = [];
  for (let round = 0; round < 2; round++) {
    const response = await request.get('/providers/', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers.vary?.toLowerCase()).toContain('accept-encoding');
    expect(headers.vary?.toLowerCase()).toContain('cookie');
    expect(headers['cache-control']).toContain('private');
    // The client may hand the bytes over inflated or as sent.
    const body = await response.body();
    const html = body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body).toString('utf8') : body.toString('utf8');
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc(headers['content-security-policy'] ?? ''))?.[1];
    expect(new Set(inlineScriptNonces(html))).toEqual(new Set([nonce]));
    nonces.push(nonce);
  }
  expect(nonces[0]).not.toEqual(nonces[1]);
});

test('built scripts come precompressed with long-lived caching', async ({ request }) => {
  const html = await (await request.get('/', { headers: { 'accept-encoding': 'identity' } })).text();
  const script = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const response = await request.get(script as string, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-encoding']).toBe('br');
  expect(response.headers().vary?.toLowerCase()).toContain('accept-encoding');
  expect(response.headers()['cache-control']).toContain('immutable');
});

test('pages hydrate and work under the policy: no script is refused', async ({ page, visit }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await visit('/');
  await page
    .getByRole('link', { name: /find a therapist/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/providers\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await visit('/de/');
  expect(refused).toEqual([]);
});
