import { describe, expect, it } from 'vitest';
import { HIDDEN_PATHS, SHOWN_PATHS } from './spec-paths';
import { isSupportLauncherHidden } from './visibility';

describe('isSupportLauncherHidden', () => {
  it('hides on every path SPEC.md §2 lists, in both languages, with or without the trailing slash', () => {
    for (const path of HIDDEN_PATHS) {
      expect(isSupportLauncherHidden(path), path).toBe(true);
      expect(isSupportLauncherHidden(`/de${path}`), `/de${path}`).toBe(true);
      expect(isSupportLauncherHidden(path.replace(/\/$/, '')), path).toBe(true);
    }
  });

  it('shows on /overview and every other page', () => {
    for (const path of SHOWN_PATHS) {
      expect(isSupportLauncherHidden(path), path).toBe(false);
      expect(isSupportLauncherHidden(`/de${path}`), `/de${path}`).toBe(false);
    }
  });
});
