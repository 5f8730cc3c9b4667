import type { TDashboardHome, TSecurityPosture } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { analyticsView, hasActiveScans, postureView, securityOverview } from './metrics';

function home(overrides: Partial<TDashboardHome> = {}): TDashboardHome {
  return {
    recent_scans: [],
    scans: { total: 0, running: 0, completed: 0, failed: 0 },
    vulnerabilities: { total: 0, critical: 0, high: 0, medium: 0, low: 0, info: 0, mitigated: 0 },
    reports_last_7_days: 0,
    success_rate: null,
    ...overrides,
  };
}

const emptyPosture: TSecurityPosture = {
  coverage_metrics: { network_coverage: null, mitigation_rate: null, policy_compliance: null },
  risk_distribution: null,
  security_score: null,
  threat_landscape: { critical_vulnerabilities: 3, open_ports: null, outdated_services: null },
  compliance: null,
};

describe('securityOverview', () => {
  it('uses the spec fallbacks when nothing is known', () => {
    expect(securityOverview(undefined, undefined)).toEqual({
      networkCoverage: 85,
      mitigationRate: 72,
      policyCompliance: 94,
    });
  });

  it('computes mitigation from the dashboard counts when there are vulnerabilities', () => {
    const data = home({
      vulnerabilities: { total: 8, critical: 1, high: 2, medium: 3, low: 2, info: 0, mitigated: 2 },
    });
    expect(securityOverview(data, undefined).mitigationRate).toBe(25);
  });

  it('prefers real posture values, including zero', () => {
    const posture = {
      ...emptyPosture,
      coverage_metrics: { network_coverage: 0, mitigation_rate: 50.4, policy_compliance: 61 },
    };
    expect(securityOverview(home(), posture)).toEqual({
      networkCoverage: 0,
      mitigationRate: 50,
      policyCompliance: 61,
    });
  });
});

describe('analyticsView', () => {
  it('falls back only for members without data', () => {
    const view = analyticsView(
      {
        total_scans: 4,
        total_vulnerabilities: 0,
        total_reports: 0,
        success_rate: 0,
        avg_scan_duration: null,
      },
      emptyPosture,
    );
    expect(view).toEqual({
      avgDurationMinutes: 15,
      successRate: 0,
      risk: { high: 15, medium: 45, low: 40 },
      securityScore: 78,
    });
  });
});

describe('postureView', () => {
  it('keeps the real critical count and falls back for unknown members', () => {
    expect(postureView(emptyPosture, home())).toEqual({
      criticalVulnerabilities: 3,
      openPorts: 24,
      outdatedServices: 8,
      compliance: { iso27001: 92, soc2: 88, nist: 85 },
    });
  });
});

describe('hasActiveScans', () => {
  it('is true while a recent scan is pending', () => {
    const scan = {
      id: '00000000-0000-4000-8000-000000000000',
      scan_name: 'Office',
      scan_type: 'network' as const,
      target_hosts: ['192.0.2.1'],
      status: 'pending' as const,
      progress: 0,
      error: null,
      created_at: '2025-01-01T00:00:00Z',
      started_at: null,
      completed_at: null,
    };
    expect(hasActiveScans(home({ recent_scans: [scan] }))).toBe(true);
    expect(hasActiveScans(home())).toBe(false);
  });
});
