import { describe, expect, it } from 'vitest';
import { withoutSameOriginLinkNonces, withoutSameOriginLinkNoncesInHead } from './link-nonce';

const NONCE = 'Xph0lder+never/sent==';

describe('withoutSameOriginLinkNonces', () => {
  it('takes the nonce off same-origin preloads and stylesheets, never off a script', () => {
    const html = [
      `<link nonce="${NONCE}" rel="stylesheet" href="/assets/root.css"/>`,
      `<link rel="modulepreload" href="/assets/entry.client.js" nonce="${NONCE}"/>`,
      `<script nonce="${NONCE}">window.__reactRouterContext = {}</script>`,
      `<script nonce="${NONCE}" type="module" async="">import "/assets/entry.client.js"</script>`,
    ].join('');
    expect(withoutSameOriginLinkNonces(html, NONCE)).toBe(
      [
        '<link rel="stylesheet" href="/assets/root.css"/>',
        '<link rel="modulepreload" href="/assets/entry.client.js"/>',
        `<script nonce="${NONCE}">window.__reactRouterContext = {}</script>`,
        `<script nonce="${NONCE}" type="module" async="">import "/assets/entry.client.js"</script>`,
      ].join(''),
    );
  });

  it('keeps the nonce on a link to another origin (only the nonce allows it)', () => {
    const html = [
      `<link rel="modulepreload" href="https://cdn.example/a.js" nonce="${NONCE}"/>`,
      `<link rel="modulepreload" href="//cdn.example/b.js" nonce="${NONCE}"/>`,
    ].join('');
    expect(withoutSameOriginLinkNonces(html, NONCE)).toBe(html);
  });

  it('leaves another nonce and text that only looks like a link alone', () => {
    const html = `<link rel="modulepreload" href="/a.js" nonce="other"/><p>&lt;link href="/x" nonce="${NONCE}"&gt;</p>`;
    expect(withoutSameOriginLinkNonces(html, NONCE)).toBe(html);
  });
});

describe('withoutSameOriginLinkNoncesInHead', () => {
  it('takes the nonce off the head’s same-origin links and keeps the body’s bytes', () => {
    const body = `<body><p>Jürgen Groß · 李小龍 · Adaeze O'Neil-Okafor</p><script nonce="${NONCE}">1</script></body></html>`;
    const page = Buffer.from(
      `<html><head><link rel="modulepreload" href="/assets/a.js" nonce="${NONCE}"/><title>Zoë</title></head>${body}`,
    );
    expect(withoutSameOriginLinkNoncesInHead(page, NONCE).toString('utf8')).toBe(
      `<html><head><link rel="modulepreload" href="/assets/a.js"/><title>Zoë</title></head>${body}`,
    );
  });

  it('reads a page without a head as a whole', () => {
    const page = Buffer.from(`<link rel="stylesheet" href="/a.css" nonce="${NONCE}"/><p>Groß</p>`);
    expect(withoutSameOriginLinkNoncesInHead(page, NONCE).toString('utf8')).toBe(
      '<link rel="stylesheet" href="/a.css"/><p>Groß</p>',
    );
  });
});
