import de from '@app/shared/i18n/de.json';
import en from '@app/shared/i18n/en.json';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The catalog's state is the module's: each test starts from a fresh one.
let i18nModule: typeof import('./i18n');
beforeEach(async () => {
  // The rest of a catalog follows when the browser is idle (a 1 s timer on jsdom, which has no idle
  // callback): a test slowed past that by a loaded machine saw words it never asked for. These
  // tests are about the parts asked for, so the idle moment never comes.
  vi.stubGlobal('requestIdleCallback', () => 0);
  vi.resetModules();
  i18nModule = await import('./i18n');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the catalog in parts', () => {
  it('adds a part without a re-render when no shown text lacked one of its words', async () => {
    const { ensureCatalog, getI18n } = i18nModule;
    await ensureCatalog('en');
    const i18n = getI18n('en');
    expect(i18n.t('nav.brand')).toBe(en.nav.brand);
    let added = 0;
    i18n.store.on('added', () => added++);
    await ensureCatalog('en', 'app');
    expect(added).toBe(0);
    expect(i18n.t('appNav.label')).toBe(en.appNav.label);
  });

  it('re-renders (emits "added") only when the part brings a word a shown text lacked', async () => {
    const { ensureCatalog, getI18n } = i18nModule;
    await ensureCatalog('de');
    const i18n = getI18n('de');
    expect(i18n.t('appNav.label')).toBe('appNav.label');
    let added = 0;
    i18n.store.on('added', () => added++);
    await ensureCatalog('de', 'home');
    expect(added).toBe(0);
    await ensureCatalog('de', 'app');
    expect(added).toBe(1);
    expect(i18n.t('appNav.label')).toBe(de.appNav.label);
  });

  it('gives a language shown later the parts the pages asked for (a language switch)', async () => {
    const { ensureCatalog, getI18n } = i18nModule;
    await ensureCatalog('en', 'directory');
    await ensureCatalog('de');
    expect(getI18n('de').t('searchScreens.apply')).toBe(de.searchScreens.apply);
    expect(getI18n('de').t('home.heroTitle')).toBe('home.heroTitle');
  });

  it('merges parts that hold different keys of one block', async () => {
    const { ensureCatalog, getI18n } = i18nModule;
    await ensureCatalog('en', 'booking', 'directory');
    const i18n = getI18n('en');
    expect(i18n.t('bookingScreens.book.title')).toBe(en.bookingScreens.book.title);
    expect(i18n.t('bookingScreens.directory.book')).toBe(en.bookingScreens.directory.book);
  });
});
