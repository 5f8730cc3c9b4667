import type { TVulnSeverity } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { buildReport } from './reports.content.ts';
import type { ReportSource, SourceVulnerability } from './reports.source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

function vuln(
  severity: TVulnSeverity,
  riskScore: number,
  extra: Partial<SourceVulnerability> = {},
) {
  return {
    title: `${severity} ${riskScore}`,
    severity,
    riskScore,
    host: '192.0.2.1',
    port: 443,
    protocol: 'tcp',
    service: 'https',
    vulnerabilityType: 'misconfiguration',
    cveId: null,
    solution: '',
    detection: null,
    firstSeenAt: daysAgo(1),
    resolvedAt: null,
    fixed: false,
    mitigated: false,
    ...extra,
  } satisfies SourceVulnerability;
}

const scan = {
  id: '00000000-0000-4000-8000-000000000001',
  scanName: 'Audit',
  scanType: 'vulnerability',
  targetHosts: ['192.0.2.1'],
  completedAt: daysAgo(1),
};
const source = (vulnerabilities: SourceVulnerability[]): ReportSource => ({
  scans: [scan],
  vulnerabilities,
});
const many = (n: number, severity: TVulnSeverity) =>
  Array.from({ length: n }, (_, i) => vuln(severity, 50 + i));
const content = (
  type: 'executive' | 'technical' | 'compliance' | 'trend',
  v: SourceVulnerability[],
) => buildReport(type, source(v), NOW).content as Record<string, unknown>;

describe('executive risk level', () => {
  it('is HIGH with any open critical issue', () => {
    expect(content('executive', [vuln('critical', 90)]).risk_level).toBe('HIGH');
  });
  it('is MEDIUM with more than 5 open high issues and no critical', () => {
    expect(content('executive', many(6, 'high')).risk_level).toBe('MEDIUM');
    expect(content('executive', many(5, 'high')).risk_level).toBe('LOW');
  });
  it('ignores mitigated and fixed issues', () => {
    const resolved = [
      vuln('critical', 99, { mitigated: true, resolvedAt: daysAgo(0) }),
      vuln('critical', 98, { fixed: true, resolvedAt: daysAgo(0) }),
    ];
    expect(content('executive', resolved).risk_level).toBe('LOW');
  });
});

describe('technical report', () => {
  it('lists only the top 10 open issues by risk_score', () => {
    const top = content('technical', [...many(12, 'medium'), vuln('low', 99, { fixed: true })])
      .top_vulnerabilities as { risk_score: number }[];
    expect(top.map((v) => v.risk_score)).toEqual([61, 60, 59, 58, 57, 56, 55, 54, 53, 52]);
  });
});

describe('compliance statuses', () => {
  const statuses = (v: SourceVulnerability[]) =>
    (content('compliance', v).controls as { status: string }[]).map((c) => c.status);
  it('is COMPLIANT below 10 issues and without critical ones', () => {
    expect(statuses(many(9, 'low'))).toEqual(['COMPLIANT', 'COMPLIANT', 'IN PROGRESS']);
  });
  it('is PARTIAL from 10 issues and NON-COMPLIANT with a critical one', () => {
    expect(statuses([...many(9, 'low'), vuln('critical', 90)])).toEqual([
      'NON-COMPLIANT',
      'PARTIAL',
      'IN PROGRESS',
    ]);
  });
});

describe('trend posture', () => {
  const posture = (n: number) => content('trend', many(n, 'low')).posture;
  it('is IMPROVING below 5 issues, DECLINING above 20, STABLE between', () => {
    expect([posture(4), posture(5), posture(20), posture(21)]).toEqual([
      'IMPROVING',
      'STABLE',
      'STABLE',
      'DECLINING',
    ]);
  });
  it('counts each day of the 30-day period', () => {
    const trend = content('trend', [
      vuln('high', 80, { firstSeenAt: daysAgo(40) }),
      vuln('low', 10, { firstSeenAt: daysAgo(3), resolvedAt: daysAgo(1) }),
    ]);
    const days = trend.days as { date: string; new_issues: number; open_issues: number }[];
    expect(days).toHaveLength(30);
    expect(days[0]?.date).toBe('2026-10-24');
    expect(days.at(-1)).toMatchObject({ date: '2026-11-22', open_issues: 1 });
    expect(days.at(-4)).toMatchObject({ date: '2026-11-19', new_issues: 1, open_issues: 2 });
    expect(trend).toMatchObject({ new_issues: 1, resolved_issues: 1 });
  });
});
