import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LEGAL_PAGES } from '@app/shared/legal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/build-test-app.ts';
import { parseEnv } from '../../config.ts';
import { legalPages, renderLegalMarkdown } from './legal-pages.ts';

describe('legal pages', () => {
  let operatorDir: string;
  beforeAll(async () => {
    operatorDir = await mkdtemp(path.join(tmpdir(), 'legal-'));
    await writeFile(
      path.join(operatorDir, 'terms.de.md'),
      '# Nutzungsbedingungen der Praxis Weiß-Öztürk\n\nGilt für alle Klient:innen.\n',
    );
  });
  afterAll(() => rm(operatorDir, { recursive: true, force: true }));

  it('ships a default for every page in both languages, the Impressum with marked operator fields', async () => {
    const pages = legalPages({ config: testConfig() });
    for (const page of LEGAL_PAGES) {
      for (const language of ['en', 'de'] as const) {
        const { html } = await pages.page({ page, language });
        expect(html.length, `${page}.${language}`).toBeGreaterThan(200);
        expect(html).not.toContain('<h1');
      }
    }
    expect((await pages.page({ page: 'imprint', language: 'de' })).html).toContain('[BETREIBER: Firma und Rechtsform');
    expect((await pages.page({ page: 'imprint', language: 'en' })).html).toContain('[OPERATOR: company name');
    expect((await pages.page({ page: 'privacy', language: 'de' })).html).toContain('<table>');
  });

  it("reads the operator's folder first and falls back to the default for a page it lacks", async () => {
    const pages = legalPages({ config: testConfig({ LEGAL_PAGES_DIR: operatorDir }) });
    const terms = await pages.page({ page: 'terms', language: 'de' });
    expect(terms.html).toContain('<h2>Nutzungsbedingungen der Praxis Weiß-Öztürk</h2>');
    expect(terms.html).toContain('Gilt für alle Klient:innen.');
    const english = await pages.page({ page: 'terms', language: 'en' });
    expect(english.html).toContain('TherapyHub is a marketplace');
  });

  it('shows raw HTML as text and refuses script links: only what Markdown makes reaches the page', () => {
    const html = renderLegalMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(1)">',
        '[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [ok](https://example.org/)',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|<img|href="javascript|href="data/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="https://example.org/">ok</a>');
  });

  it('takes LEGAL_PAGES_DIR from the environment', () => {
    const env = parseEnv({ ...process.env, LEGAL_PAGES_DIR: '/srv/legal' });
    expect(env.LEGAL_PAGES_DIR).toBe('/srv/legal');
  });
});
