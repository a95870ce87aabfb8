import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, isAdminSectionActive } from './admin-nav';

const active = (pathname: string) =>
  ADMIN_NAV.filter((item) => isAdminSectionActive(item, pathname)).map((item) => item.page('en'));

describe('the back office navigation', () => {
  it('marks exactly one section, the queue also for a provider review page', () => {
    expect(active('/admin/')).toEqual(['/admin/']);
    expect(active('/admin/providers/7bb49671-2118-402b-8914-0f9a8db2006f/')).toEqual(['/admin/']);
    expect(active('/admin/users/')).toEqual(['/admin/users/']);
    expect(active('/admin/operations/')).toEqual(['/admin/operations/']);
    for (const page of ['/admin/reviews/', '/admin/contact/', '/admin/payouts/', '/admin/no-shows/']) {
      expect(active(page)).toEqual([page]);
    }
  });

  it('has a label key under admin.nav for every section, and unique paths under /admin/', () => {
    expect(new Set(ADMIN_NAV.map((item) => item.page('en'))).size).toBe(ADMIN_NAV.length);
    for (const item of ADMIN_NAV) {
      const path = item.page('en');
      expect(path.startsWith('/admin/') && path.endsWith('/')).toBe(true);
      expect(item.page('de')).toBe(`/de${path}`);
      expect(item.label.startsWith('admin.nav.')).toBe(true);
    }
  });
});
