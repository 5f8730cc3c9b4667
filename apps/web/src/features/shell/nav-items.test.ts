import { describe, expect, it } from 'vitest';
import { isNavItemActive, NAV_GROUPS } from './nav-items';

describe('NAV_GROUPS', () => {
  it('has the spec groups in order', () => {
    expect(NAV_GROUPS.map((group) => group.label)).toEqual(['Main Menu', 'Help', 'Account']);
  });

  it('links every item to a spec route', () => {
    const urls = NAV_GROUPS.flatMap((group) => group.items.map((item) => item.url));
    expect(urls).toContain('/dashboard/automated-remediation');
    expect(urls).toContain('/help');
    expect(urls.filter((url) => url !== '/help').every((url) => url.startsWith('/dashboard'))).toBe(
      true,
    );
  });
});

describe('isNavItemActive', () => {
  it('marks the dashboard home only on an exact match', () => {
    expect(isNavItemActive('/dashboard', '/dashboard')).toBe(true);
    expect(isNavItemActive('/dashboard', '/dashboard/scan')).toBe(false);
  });

  it('marks a page and its sub-pages', () => {
    expect(isNavItemActive('/dashboard/scan', '/dashboard/scan')).toBe(true);
    expect(isNavItemActive('/dashboard/scan', '/dashboard/scan/123')).toBe(true);
    expect(isNavItemActive('/dashboard/scan', '/dashboard/scanner')).toBe(false);
  });
});
