import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@app/shared/constants';
import type { LegalPage } from '@app/shared/legal';
import MarkdownIt from 'markdown-it';
import type { AppDeps } from '../../platform/deps.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';

/** The texts the repository ships, used for any page the operator's folder does not have. */
export const DEFAULT_LEGAL_DIR = path.resolve(import.meta.dirname, '../../../legal');

/** How long a rendered text is reused: an operator's edit shows within this, without a restart. */
export const LEGAL_TEXT_TTL_MS = 30_000;

/**
 * The operator writes Markdown, never HTML: raw HTML in the file is shown as text (html: false),
 * and markdown-it refuses javascript:, vbscript:, file: and non-image data: links, so what reaches
 * the page is only the markup Markdown itself makes. The page's own heading is its translated
 * title, so a `#` heading in the file becomes a section heading.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });
markdown.core.ruler.push('section_headings', (state) => {
  for (const token of state.tokens) {
    if ((token.type === 'heading_open' || token.type === 'heading_close') && token.tag === 'h1') token.tag = 'h2';
  }
});

export function renderLegalMarkdown(source: string): string {
  return markdown.render(source);
}

async function readText(dir: string, page: LegalPage, language: Language): Promise<string | null> {
  try {
    return await readFile(path.join(dir, `${page}.${language}.md`), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * One legal page as HTML in the reader's language: the operator's file (LEGAL_PAGES_DIR/<page>.<language>.md)
 * when there is one, else the repository's default.
 */
export function legalPages(deps: Pick<AppDeps, 'config'>) {
  const cache = new TtlCache<string>({ ttlMs: LEGAL_TEXT_TTL_MS, maxEntries: 20 });
  return {
    async page(input: { page: LegalPage; language: Language }): Promise<{ html: string }> {
      const html = await cache.getOrCompute(`${input.page}.${input.language}`, async () => {
        const operatorDir = deps.config.LEGAL_PAGES_DIR;
        const source =
          (operatorDir ? await readText(operatorDir, input.page, input.language) : null) ??
          (await readText(DEFAULT_LEGAL_DIR, input.page, input.language));
        if (source === null) throw new Error(`no legal text ${input.page}.${input.language}.md`);
        return renderLegalMarkdown(source);
      });
      return { html: html as string };
    },
  };
}
