import { describe, expect, it } from 'vitest';
import { computeOverview, computePosture, shares } from './analytics.metrics.ts';

const noScans = { total: 0, completed: 0, failed: 0, avgDurationMinutes: null };
const open = (critical: number, high = 0, medium = 0, low = 0, info = 0) => ({
  critical,
  high,
  medium,
  low,
  info,
});

describe('shares', () => {
  it('always adds up to 100', () => {
    expect(shares([1, 1, 1])).toEqual([34, 33, 33]);
    expect(shares([101, 99, 0])).toEqual([51, 49, 0]);
    expect(shares([0, 0, 0])).toEqual([0, 0, 0]);
    for (const counts of [
      [3, 7, 11],
      [1, 2, 4],
      [5, 5, 7],
    ]) {
      expect(shares(counts).reduce((a, b) => a + b, 0)).toBe(100);
    }
  });
});

describe('computeOverview', () => {
  it('keeps a 1.1 s mean duration instead of rounding it to 0 minutes', () => {
    const scans = { total: 1, completed: 1, failed: 0, avgDurationMinutes: 1.1 / 60 };
    expect(computeOverview(scans, 0, 0).avg_scan_duration! * 60).toBeCloseTo(1.1, 6);
  });
});

describe('computePosture', () => {
  it('measures nothing before a scan completes or a vulnerability is found', () => {
    const running = computePosture(
      { total: 1, completed: 0, failed: 0, avgDurationMinutes: null },
      { total: 0, mitigated: 0, open: open(0), openPastDue: 0, openOutdated: 0 },
      { targets: 1, covered: 0 },
      0,
    );
    expect(running.coverage_metrics).toEqual({
      network_coverage: 0,
      mitigation_rate: null,
      policy_compliance: null,
    });
    expect(running).toMatchObject({ security_score: null, compliance: null });
  });

  it('makes policy compliance the mean of the three framework scores', () => {
    const scans = { total: 1, completed: 1, failed: 0, avgDurationMinutes: 5 };
    const posture = computePosture(
      scans,
      { total: 12, mitigated: 0, open: open(12), openPastDue: 0, openOutdated: 0 },
      { targets: 1, covered: 1 },
      3,
    );
    expect(posture.security_score).toBe(0);
    expect(posture.compliance).toEqual({ iso27001: 50, soc2: 50, nist: 33 });
    expect(posture.coverage_metrics.policy_compliance).toBe(44);
  });

  it('never scores below zero', () => {
    const vulns = {
      total: 20,
      mitigated: 0,
      open: open(20),
      openPastDue: 20,
      openOutdated: 0,
    };
    const posture = computePosture(noScans, vulns, { targets: 0, covered: 0 }, 0);
    expect(posture.security_score).toBe(0);
    expect(posture.coverage_metrics.policy_compliance).toBe(0);
  });

  it('scores a clean completed scan 100 and counts full mitigation as compliant', () => {
    const scans = { total: 1, completed: 1, failed: 0, avgDurationMinutes: 5 };
    const clean = computePosture(
      scans,
      {
        total: 0,
        mitigated: 0,
        open: open(0),
        openPastDue: 0,
        openOutdated: 0,
      },
      { targets: 2, covered: 2 },
      0,
    );
    expect(clean).toMatchObject({
      security_score: 100,
      compliance: { iso27001: 100, soc2: 100, nist: 100 },
      risk_distribution: null,
    });
    expect(clean.coverage_metrics.policy_compliance).toBe(100);
    // A completed scan that found nothing open reports 0 open ports, not "no data".
    expect(clean.threat_landscape.open_ports).toBe(0);
    expect(clean.coverage_metrics.network_coverage).toBe(100);

    const mitigated = computePosture(
      scans,
      {
        total: 2,
        mitigated: 2,
        open: open(0),
        openPastDue: 0,
        openOutdated: 0,
      },
      { targets: 2, covered: 2 },
      2,
    );
    expect(mitigated.coverage_metrics).toEqual({
      network_coverage: 100,
      mitigation_rate: 100,
      policy_compliance: 100,
    });
    expect(mitigated.compliance).toEqual({ iso27001: 100, soc2: 100, nist: 100 });
  });
});
