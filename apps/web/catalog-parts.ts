import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The browser's language catalogs in two parts, so a public page's first load carries only the
 * words public pages use: `virtual:catalog/<lang>/public` (every top-level block except those
 * below, so a new block is public by default) and `virtual:catalog/<lang>/app` (the blocks only the
 * signed-in area uses, loaded by its layout). Emails are written by the server only.
 */
export const APP_ONLY_BLOCKS = [
  'wallet',
  'walletScreens',
  'earningsScreens',
  'appNav',
  'overview',
  'messages',
  'credentials',
  'admin',
  'clients',
  'notes',
  'notifications',
  'flags',
  'sessionRoom',
  'nextSteps',
] as const;
export const SERVER_ONLY_BLOCKS = ['emails', 'payments'] as const;

const PREFIX = 'virtual:catalog/';
const catalogFile = (language: string) =>
  fileURLToPath(new URL(`../../packages/shared/src/i18n/${language}.json`, import.meta.url));

export function catalogParts(): Plugin {
  return {
    name: 'catalog-parts',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [language, part] = id.slice(PREFIX.length + 1).split('/');
      if (!language || !/^[a-z]{2}$/.test(language) || (part !== 'public' && part !== 'app')) {
        throw new Error(`unknown catalog part ${id}`);
      }
      const file = catalogFile(language);
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const appOnly = new Set<string>(APP_ONLY_BLOCKS);
      const serverOnly = new Set<string>(SERVER_ONLY_BLOCKS);
      const blocks = Object.fromEntries(
        Object.entries(catalog).filter(([block]) =>
          part === 'app' ? appOnly.has(block) : !appOnly.has(block) && !serverOnly.has(block),
        ),
      );
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(blocks))});`;
    },
  };
}
