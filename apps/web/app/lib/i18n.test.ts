import de from '@app/shared/i18n/de.json';
import en from '@app/shared/i18n/en.json';
import { describe, expect, it } from 'vitest';
import { ensureCatalog, getI18n } from './i18n';

describe('the catalog in parts', () => {
  it('adds the signed-in part without a re-render when no shown text lacked a word', async () => {
    await ensureCatalog('en');
    const i18n = getI18n('en');
    expect(i18n.t('nav.brand')).toBe(en.nav.brand);
    let added = 0;
    i18n.store.on('added', () => added++);
    await ensureCatalog('en', 'app');
    expect(added).toBe(0);
    expect(i18n.t('appNav.label')).toBe(en.appNav.label);
  });

  it('re-renders (emits "added") when a text was shown as its key, then shows the word', async () => {
    await ensureCatalog('de');
    const i18n = getI18n('de');
    expect(i18n.t('appNav.label')).toBe('appNav.label');
    let added = 0;
    i18n.store.on('added', () => added++);
    await ensureCatalog('de', 'app');
    expect(added).toBe(1);
    expect(i18n.t('appNav.label')).toBe(de.appNav.label);
  });
});
