import type { TDashboardHome, TSecurityPosture } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import {
  analyticsView,
  hasActiveScans,
  postureView,
  securityOverview,
  successRateFigure,
} from './metrics';

function home(overrides: Partial<TDashboardHome> = {}): TDashboardHome {
  return {
    recent_scans: [],
    scans: { total: 0, running: 0, completed: 0, failed: 0 },
    vulnerabilities: { total: 0, critical: 0, high: 0, medium: 0, low: 0, info: 0, mitigated: 0 },
    reports_last_7_days: 0,
    success_rate: null,
    security_overview: { network_coverage: null, mitigation_rate: null, policy_compliance: null },
    ...overrides,
  };
}

const scanned = (completed: number) => ({ total: completed, running: 0, completed, failed: 0 });

const emptyPosture: TSecurityPosture = {
  coverage_metrics: { network_coverage: null, mitigation_rate: null, policy_compliance: null },
  risk_distribution: null,
  security_score: null,
  threat_landscape: { critical_vulnerabilities: 3, open_ports: null, outdated_services: null },
  compliance: null,
  verdicts: null,
};

const noScan = { value: null, missing: 'No scan yet' };

describe('securityOverview', () => {
  it('shows no figure to a new account, only "No scan yet"', () => {
    expect(securityOverview(home())).toEqual({
      networkCoverage: noScan,
      mitigationRate: noScan,
      policyCompliance: noScan,
    });
    expect(successRateFigure(home())).toEqual(noScan);
  });

  it('says what is missing once the organization has scanned', () => {
    const data = home({
      scans: scanned(1),
      security_overview: { network_coverage: 100, mitigation_rate: null, policy_compliance: 100 },
    });
    expect(securityOverview(data)).toEqual({
      networkCoverage: { value: 100, missing: 'No scan in the last 30 days' },
      mitigationRate: { value: null, missing: 'No findings yet' },
      policyCompliance: { value: 100, missing: 'No scan finished yet' },
    });
    const running = home({ scans: { total: 1, running: 1, completed: 0, failed: 0 } });
    expect(successRateFigure(running)).toEqual({ value: null, missing: 'No scan finished yet' });
  });

  it('rounds the measured values, zero included', () => {
    const data = home({
      scans: scanned(2),
      security_overview: { network_coverage: 0, mitigation_rate: 50.4, policy_compliance: 44 },
    });
    const overview = securityOverview(data);
    expect(overview.networkCoverage.value).toBe(0);
    expect(overview.mitigationRate.value).toBe(50);
    expect(overview.policyCompliance.value).toBe(44);
  });
});

describe('analyticsView', () => {
  it('marks members without data instead of inventing them', () => {
    const view = analyticsView(
      {
        total_scans: 4,
        total_vulnerabilities: 0,
        total_reports: 0,
        success_rate: 0,
        avg_scan_duration: null,
      },
      emptyPosture,
      home({ scans: scanned(0) }),
    );
    expect(view).toEqual({
      avgDurationSeconds: noScan,
      successRate: { value: 0, missing: 'No scan yet' },
      risk: null,
      riskMissing: 'No scan yet',
      securityScore: noScan,
      securityScoreVerdict: null,
    });
  });

  it('gives the mean duration in seconds, so a 1.1 s scan does not read 0 minutes', () => {
    const view = analyticsView(
      {
        total_scans: 1,
        total_vulnerabilities: 0,
        total_reports: 0,
        success_rate: 100,
        avg_scan_duration: 1.1 / 60,
      },
      emptyPosture,
      home({ scans: scanned(1) }),
    );
    expect(view.avgDurationSeconds.value).toBeCloseTo(1.1, 6);
  });
});

describe('postureView', () => {
  it('keeps the real critical count and marks unknown members', () => {
    const view = postureView(emptyPosture, home({ scans: scanned(1) }));
    expect(view).toMatchObject({
      criticalVulnerabilities: 3,
      openPorts: { value: null, missing: 'No scan finished yet' },
      outdatedServices: { value: null, missing: 'No findings yet' },
      policyCompliance: { value: null },
    });
    expect(view.compliance.nist.value).toBeNull();
  });

  it('shows the same policy compliance as the Overview', () => {
    const metrics = { network_coverage: 100, mitigation_rate: 0, policy_compliance: 44 };
    const posture = {
      ...emptyPosture,
      coverage_metrics: metrics,
      security_score: 0,
      compliance: { iso27001: 50, soc2: 50, nist: 33 },
    };
    const data = home({ scans: scanned(1), security_overview: metrics });
    expect(postureView(posture, data).policyCompliance).toEqual(
      securityOverview(data).policyCompliance,
    );
    expect(postureView(posture, data).compliance.nist.value).toBe(33);
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
