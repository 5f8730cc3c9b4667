import type { TComplianceStanding, TRiskLevel } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { computeOverview, computePosture, shares } from './analytics.metrics.ts';

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

/** A standing as evidence.standing.ts makes it: one framework scored `score`, one not assessed. */
function standingOf(score: number | null): TComplianceStanding {
  const counts = {
    compliant: 0,
    partially_compliant: 0,
    non_compliant: 0,
    not_assessed: 0,
    not_applicable: 0,
  };
  const card = (id: 'soc2' | 'gdpr', s: number | null) => ({
    id,
    name: id,
    version: '1',
    dataVersion: '1',
    description: id,
    requirementCount: 4,
    statusCounts:
      s === null ? { ...counts, not_assessed: 4 } : { ...counts, compliant: 3, non_compliant: 1 },
    score: s,
    lastCollectedAt: null,
  });
  return {
    available: true,
    frameworks: [card('soc2', score), card('gdpr', null)],
    overallScore: score,
  };
}

const finding = (score: number, level: TRiskLevel) => ({
  title: `CVE ${score}`,
  host: '192.0.2.1',
  score,
  level,
  assessed: true,
});
const facts = (findings: ReturnType<typeof finding>[] = [], score: number | null = 75) => ({
  coverage: { targets: 1, covered: 1 },
  openServices: 1,
  findings,
  compliance: standingOf(score),
});
const completed = { total: 1, completed: 1, failed: 0, avgDurationMinutes: 5 };
const vulns = (high: number, low = 0) => ({
  total: high + low,
  mitigated: 0,
  open: open(0, high, 0, low),
  openOutdated: 0,
});

describe('computeOverview', () => {
  it('keeps a 1.1 s mean duration instead of rounding it to 0 minutes', () => {
    const scans = { total: 1, completed: 1, failed: 0, avgDurationMinutes: 1.1 / 60 };
    expect(computeOverview(scans, 0, 0).avg_scan_duration! * 60).toBeCloseTo(1.1, 6);
  });
});

describe('computePosture', () => {
  it('scores nothing before a scan completes or a vulnerability is found', () => {
    const running = computePosture(
      { total: 1, completed: 0, failed: 0, avgDurationMinutes: null },
      vulns(0),
      { ...facts(), coverage: { targets: 1, covered: 0 } },
    );
    expect(running.coverage_metrics).toMatchObject({ network_coverage: 0, mitigation_rate: null });
    expect(running).toMatchObject({ security_score: null });
    expect(running.verdicts?.security_score).toBeNull();
  });

  it('scores 100 minus the highest open risk, not the severity counts', () => {
    // CVE-2024-6387 assessed 81 (high) beside three low findings: 94 before, 19 now.
    const posture = computePosture(
      completed,
      vulns(1, 3),
      facts([finding(81, 'high'), finding(20, 'low'), finding(10, 'low'), finding(5, 'low')]),
    );
    expect(posture.security_score).toBe(19);
    expect(posture.verdicts?.security_score).toMatchObject({ verdict: '19/100' });
    expect(posture.verdicts?.security_score?.inputs[1]?.value).toMatch(/^81 \(high\): CVE 81/);
    const clean = computePosture(completed, vulns(0), facts());
    expect(clean.security_score).toBe(100);
    expect(clean.threat_landscape.open_ports).toBe(1);
  });

  it('reads policy compliance and the frameworks from the evidence standing as they are', () => {
    const f = facts([finding(81, 'high')], 75);
    const posture = computePosture(completed, vulns(1), f);
    expect(posture.coverage_metrics.policy_compliance).toBe(75);
    expect(posture.compliance).toBe(f.compliance);
    const none = computePosture(completed, vulns(1), facts([], null));
    expect(none.coverage_metrics.policy_compliance).toBeNull();
  });
});
