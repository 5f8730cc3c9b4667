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

describe('Scan History in the Main Menu', () => {
  const main = NAV_GROUPS[0]?.items.map((item) => `${item.title} ${item.url}`) ?? [];

  it('keeps the spec items in their order', () => {
    const spec = [
      'Dashboard /dashboard',
      'Scan Network /dashboard/scan',
      'Packet Analysis /dashboard/packets',
      'Network Topology /dashboard/topology',
      'Vulnerabilities /dashboard/vulnerabilities',
      'Reports /dashboard/reports',
      'Cloud Security /dashboard/cloud',
      'Security Testing /dashboard/security-testing',
      'AI Risk Scoring /dashboard/ai-risk-scoring',
      'Auto Remediation /dashboard/automated-remediation',
      'Compliance Evidence /dashboard/compliance-evidence',
      'SIEM Integrations /dashboard/siem-integrations',
      'Enterprise Security /dashboard/enterprise-security',
    ];
    expect(main.filter((item) => spec.includes(item))).toEqual(spec);
  });

  it('links Scan History, right after Scan Network, active on a scan’s page', () => {
    expect(main.indexOf('Scan History /dashboard/scans')).toBe(
      main.indexOf('Scan Network /dashboard/scan') + 1,
    );
    expect(isNavItemActive('/dashboard/scans', '/dashboard/scans/123')).toBe(true);
    expect(isNavItemActive('/dashboard/scan', '/dashboard/scans')).toBe(false);
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
