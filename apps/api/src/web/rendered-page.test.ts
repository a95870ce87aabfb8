import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TtlCache } from '../platform/ttl-cache.ts';
import { RenderedPage } from './rendered-page.ts';

const PLACEHOLDER = 'Xph0lder-never-sent-Xph0lder';
const nonce = () => randomBytes(16).toString('base64');

describe('RenderedPage', () => {
  const html = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js" nonce="${PLACEHOLDER}"/></head><body>${'<p>repeated text</p>'.repeat(200)}<script nonce="${PLACEHOLDER}">window.x = 1</script><script nonce="${PLACEHOLDER}" type="module">import "/a.js"</script></body></html>`;

  it('puts each response’s nonce everywhere the placeholder was, in plain and gzip form', async () => {
    const page = new RenderedPage(html, PLACEHOLDER);
    expect(page.nonceSlots).toBe(3);
    for (const value of [nonce(), nonce()]) {
      const expected = html.split(PLACEHOLDER).join(value);
      expect(page.html(value).toString('utf8')).toBe(expected);
      expect(gunzipSync(await page.gzip(value)).toString('utf8')).toBe(expected);
    }
  });

  it('takes the page as the bytes the server entry renders, the same as its text', async () => {
    const text = `<p>Jürgen Groß · 李小龍 · Adaeze O'Neil-Okafor</p>${html}`;
    const fromText = new RenderedPage(text, PLACEHOLDER);
    const fromBytes = new RenderedPage(new Uint8Array(Buffer.from(text, 'utf8')), PLACEHOLDER);
    expect(fromBytes.nonceSlots).toBe(fromText.nonceSlots);
    const value = nonce();
    expect(fromBytes.html(value).equals(fromText.html(value))).toBe(true);
    expect(gunzipSync(await fromBytes.gzip(value)).toString('utf8')).toBe(text.split(PLACEHOLDER).join(value));
  });

  it('compresses repeats across the nonce slots (no reset at each slot)', async () => {
    const page = new RenderedPage(html, PLACEHOLDER);
    expect((await page.gzip(nonce())).length).toBeLessThan(html.length / 10);
  });

  it('compresses a first answer fast and a page asked for again smaller, both whole', async () => {
    const part = Array.from({ length: 300 }, (_, index) => `<li>Jürgen Müller-Lüdenscheidt ${index * 7919}</li>`).join(
      '',
    );
    const text = [part, part.toUpperCase(), part, part.toLowerCase()].join(PLACEHOLDER);
    const page = new RenderedPage(text, PLACEHOLDER);
    const [first, second, third] = [nonce(), nonce(), nonce()];
    const firstAnswer = await page.gzip(first);
    const secondAnswer = await page.gzip(second);
    const thirdAnswer = await page.gzip(third);
    expect(gunzipSync(firstAnswer).toString('utf8')).toBe(text.split(PLACEHOLDER).join(first));
    expect(gunzipSync(secondAnswer).toString('utf8')).toBe(text.split(PLACEHOLDER).join(second));
    expect(gunzipSync(thirdAnswer).toString('utf8')).toBe(text.split(PLACEHOLDER).join(third));
    expect(secondAnswer.length).toBeLessThan(firstAnswer.length);
    expect(thirdAnswer.length).toBe(secondAnswer.length);
  });

  it('round-trips any text, any number of slots, nonce bytes that look like the page', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 300 }), { minLength: 1, maxLength: 8 }),
        async (parts) => {
          const text = parts.join(PLACEHOLDER);
          const page = new RenderedPage(text, PLACEHOLDER);
          const value = (parts[0] ?? '')
            .padEnd(24, '=')
            .slice(0, 24)
            .replace(/[^\x20-\x7e]/g, 'a');
          expect(gunzipSync(await page.gzip(value)).toString('utf8')).toBe(parts.join(value));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('ends every answer with the CRC-32 and length of its own text (the nonce included)', async () => {
    const page = new RenderedPage(html, PLACEHOLDER);
    for (const value of [nonce(), nonce(), nonce()]) {
      const answer = await page.gzip(value);
      const text = Buffer.from(html.split(PLACEHOLDER).join(value), 'utf8');
      expect(answer.readUInt32LE(answer.length - 8)).toBe(crc32(text));
      expect(answer.readUInt32LE(answer.length - 4)).toBe(text.length);
    }
  });

  it('gives each answer its own bytes (one answer never changes another)', async () => {
    const page = new RenderedPage(html, PLACEHOLDER);
    const [first, second] = [nonce(), nonce()];
    const firstAnswer = await page.gzip(first);
    await page.gzip(second);
    expect(gunzipSync(firstAnswer).toString('utf8')).toBe(html.split(PLACEHOLDER).join(first));
  });

  it('refuses a nonce of another length than the one it was built for', async () => {
    await expect(new RenderedPage(html, PLACEHOLDER).gzip('short')).rejects.toThrow();
  });
});

describe('TtlCache', () => {
  it('reuses a value until its time is up, and evicts the least recently used past the cap', async () => {
    let now = 0;
    const cache = new TtlCache<string>({ ttlMs: 1000, maxEntries: 2, now: () => now });
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A'); // a is now the most recently used
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('computes once for concurrent misses and stores nothing for an undefined answer', async () => {
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    let calls = 0;
    const compute = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 42;
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.getOrCompute('k', compute)));
    expect(answers).toEqual([42, 42, 42]);
    expect(calls).toBe(1);
    expect(await cache.getOrCompute('none', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
