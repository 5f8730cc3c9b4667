import type { TComplianceStanding, TDashboardHome, TSecurityPosture } from '@netguard/contracts';
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
    compliance: notAssessed,
    ...overrides,
  };
}

const counts = { compliant: 0, partially_compliant: 0, non_compliant: 0, not_assessed: 0 };
const card = (id: 'soc2' | 'nist', score: number | null) => ({
  id,
  name: id === 'soc2' ? 'SOC 2' : 'NIST CSF',
  version: '1',
  dataVersion: '1',
  description: id,
  requirementCount: 10,
  statusCounts:
    score === null
      ? { ...counts, not_assessed: 9, not_applicable: 1 }
      : { ...counts, compliant: 1, non_compliant: 2, not_assessed: 7, not_applicable: 0 },
  score,
  lastCollectedAt: null,
});
/** Enterprise, nothing collected yet. */
const notAssessed: TComplianceStanding = {
  available: true,
  frameworks: [card('soc2', null), card('nist', null)],
  overallScore: null,
};
/** Enterprise, SOC 2 assessed (1 of 3 compliant: 33.3), NIST not. */
const assessed: TComplianceStanding = {
  available: true,
  frameworks: [card('soc2', 33.3), card('nist', null)],
  overallScore: 33.3,
};
const lowerPlan: TComplianceStanding = { available: false, frameworks: [], overallScore: null };

const scanned = (completed: number) => ({ total: completed, running: 0, completed, failed: 0 });

const emptyPosture: TSecurityPosture = {
  coverage_metrics: { network_coverage: null, mitigation_rate: null, policy_compliance: null },
  risk_distribution: null,
  security_score: null,
  threat_landscape: { critical_vulnerabilities: 3, open_ports: null, outdated_services: null },
  compliance: notAssessed,
  verdicts: null,
};

const noScan = { value: null, missing: 'No scan yet' };

describe('securityOverview', () => {
  it('shows no figure to a new account, only "No scan yet"', () => {
    expect(securityOverview(home())).toMatchObject({
      networkCoverage: noScan,
      mitigationRate: noScan,
      policyCompliance: { value: null, missing: 'Not assessed' },
    });
    expect(successRateFigure(home())).toEqual(noScan);
  });

  it('says what is missing once the organization has scanned', () => {
    const data = home({
      scans: scanned(1),
      security_overview: { network_coverage: 100, mitigation_rate: null, policy_compliance: 33.3 },
      compliance: assessed,
    });
    expect(securityOverview(data)).toMatchObject({
      networkCoverage: { value: 100, missing: 'No scan in the last 30 days' },
      mitigationRate: { value: null, missing: 'No findings yet' },
      policyCompliance: { value: 33, missing: 'Not assessed' },
    });
    const running = home({ scans: { total: 1, running: 1, completed: 0, failed: 0 } });
    expect(successRateFigure(running)).toEqual({ value: null, missing: 'No scan finished yet' });
  });

  it('rounds the measured values, zero included', () => {
    const data = home({
      scans: scanned(2),
      security_overview: { network_coverage: 0, mitigation_rate: 50.4, policy_compliance: 33.3 },
      compliance: assessed,
    });
    const overview = securityOverview(data);
    expect(overview.networkCoverage.value).toBe(0);
    expect(overview.mitigationRate.value).toBe(50);
    // Rounded as the Compliance Evidence page and the Security Center show it (33%).
    expect(overview.policyCompliance.value).toBe(33);
  });

  it('says what Policy Compliance is: the assessed frameworks it is the mean of', () => {
    const data = home({ compliance: assessed });
    expect(securityOverview(data).policyText).toContain(
      'The mean of the scores of 1 assessed framework (SOC 2)',
    );
    expect(securityOverview(home()).policyText).toContain(
      'Not assessed: no requirement of 2 frameworks has evidence yet',
    );
  });

  it('shows no figure on a plan without compliance evidence, and says so', () => {
    const data = home({
      security_overview: { network_coverage: null, mitigation_rate: null, policy_compliance: null },
      compliance: lowerPlan,
    });
    expect(securityOverview(data).policyCompliance).toEqual({
      value: null,
      missing: 'Available on Enterprise',
    });
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

  it('reads each framework from the evidence standing, "Not assessed" without a verdict', () => {
    const metrics = { network_coverage: 100, mitigation_rate: 0, policy_compliance: 33.3 };
    const posture = { ...emptyPosture, coverage_metrics: metrics, compliance: assessed };
    const data = home({ scans: scanned(1), security_overview: metrics, compliance: assessed });
    const view = postureView(posture, data);
    expect(view.policyCompliance).toEqual(securityOverview(data).policyCompliance);
    expect(view.compliance.soc2).toMatchObject({ value: 33 });
    expect(view.compliance.soc2.text).toContain(
      '1 of 3 assessed requirements compliant (10 in all, 7 not assessed)',
    );
    expect(view.compliance.nist).toMatchObject({ value: null, missing: 'Not assessed' });
    expect(view.compliance.nist.text).toContain('none of its 10 requirements has evidence yet');
    // ISO 27001 is not in this standing: no figure, never a made-up one.
    expect(view.compliance.iso27001.value).toBeNull();
  });

  it('shows "Available on Enterprise" below Enterprise', () => {
    const posture = { ...emptyPosture, compliance: lowerPlan };
    const view = postureView(posture, home({ compliance: lowerPlan }));
    for (const f of Object.values(view.compliance))
      expect(f).toMatchObject({ value: null, missing: 'Available on Enterprise' });
    expect(view.policyCompliance.missing).toBe('Available on Enterprise');
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
