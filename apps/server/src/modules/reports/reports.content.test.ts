import type { TRiskLevel, TVulnSeverity } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { buildReport } from './reports.content.ts';
import type { ReportSource, SourceVulnerability } from './reports.source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

const LEVEL_OF = (score: number): TRiskLevel =>
  score >= 90 ? 'critical' : score >= 70 ? 'high' : score >= 40 ? 'medium' : 'low';

/** A finding of `severity` whose assessed risk score is `riskScore` (level from the score). */
function vuln(
  severity: TVulnSeverity,
  riskScore: number,
  extra: Partial<SourceVulnerability> = {},
) {
  const title = `${severity} ${riskScore}`;
  return {
    title,
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
    risk: {
      title,
      host: '192.0.2.1',
      score: riskScore,
      level: LEVEL_OF(riskScore),
      assessed: true,
    },
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
  targetHosts: ['192.0.2.1-2'],
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
  it('is HIGH with any open finding assessed critical', () => {
    expect(content('executive', [vuln('medium', 92)]).risk_level).toBe('HIGH');
  });
  it('counts the assessed risk, not the raw severity', () => {
    // Severity critical, but the risk library assessed it low: not a critical issue.
    expect(content('executive', [vuln('critical', 30)]).risk_level).toBe('LOW');
  });
  it('is MEDIUM when the worst open finding is assessed medium', () => {
    expect(content('executive', many(6, 'medium')).risk_level).toBe('MEDIUM');
  });
  it('is never LOW next to an open high-risk finding; the spec threshold is the reference', () => {
    // CVE-2024-6387 as assessed: high severity, risk 81 (high). The spec rule alone gives LOW.
    const report = buildReport('executive', source([vuln('high', 81), ...many(3, 'low')]), NOW);
    const c = report.content as { risk_level: string; verdicts: TVerdictLike[] };
    expect(c.risk_level).toBe('HIGH');
    expect(report.summary).toMatch(/^Overall risk HIGH/);
    const [risk, score] = c.verdicts;
    expect(risk?.reference).toContain('gives LOW');
    expect(risk?.inputs.map((i) => i.label)).toContain('Highest risk');
    expect(risk?.inputs.find((i) => i.label === 'Highest risk')?.value).toMatch(/^81 \(high\)/);
    expect(score).toMatchObject({ name: 'Security score', verdict: '19/100' });
  });
  it('ignores mitigated and fixed issues', () => {
    const resolved = [
      vuln('critical', 99, { mitigated: true, resolvedAt: daysAgo(0) }),
      vuln('critical', 98, { fixed: true, resolvedAt: daysAgo(0) }),
    ];
    expect(content('executive', resolved).risk_level).toBe('LOW');
  });
  it('counts the addresses the scans covered, not their target entries', () => {
    const findings = content('executive', [vuln('low', 10)]).key_findings as string[];
    expect(findings[0]).toMatch(/^1 completed scan covered 2 addresses;/);
  });
});

type TVerdictLike = {
  name: string;
  verdict: string;
  inputs: { label: string; value: string }[];
  reference: string | null;
};

describe('technical report', () => {
  it('lists only the top 10 open issues by assessed risk score', () => {
    const top = content('technical', [...many(12, 'medium'), vuln('low', 99, { fixed: true })])
      .top_vulnerabilities as { risk_score: number }[];
    expect(top.map((v) => v.risk_score)).toEqual([61, 60, 59, 58, 57, 56, 55, 54, 53, 52]);
  });
});

describe('compliance statuses', () => {
  const statuses = (v: SourceVulnerability[]) =>
    (content('compliance', v).controls as { status: string }[]).map((c) => c.status);
  it('says NOT ASSESSED for access control without evidence, COMPLIANT network below 10 issues', () => {
    expect(statuses(many(9, 'low'))).toEqual(['NOT ASSESSED', 'COMPLIANT', 'IN PROGRESS']);
  });
  it('is PARTIAL from 10 issues and NON-COMPLIANT with a finding assessed critical', () => {
    expect(statuses([...many(9, 'low'), vuln('high', 95)])).toEqual([
      'NON-COMPLIANT',
      'PARTIAL',
      'IN PROGRESS',
    ]);
  });
  it('is never COMPLIANT next to an open high-risk finding', () => {
    const c = content('compliance', [vuln('high', 81)]);
    expect((c.controls as { status: string }[]).map((x) => x.status)).toEqual([
      'NOT ASSESSED',
      'PARTIAL',
      'IN PROGRESS',
    ]);
    const network = (c.verdicts as TVerdictLike[])[1];
    expect(network?.reference).toContain('gives COMPLIANT');
  });
});

describe('trend posture', () => {
  const trend = (v: SourceVulnerability[]) => content('trend', v);
  it('compares the end of the period with its start, the spec threshold as the reference', () => {
    // 4 new and 0 resolved: the spec threshold (below 5) would say IMPROVING.
    const declining = trend(many(4, 'low'));
    expect(declining).toMatchObject({ posture: 'DECLINING', open_at_start: 0, new_issues: 4 });
    expect((declining.verdicts as TVerdictLike[])[0]?.reference).toContain('gives IMPROVING');
    const old = { firstSeenAt: daysAgo(40) };
    const improving = trend([
      vuln('low', 10, old),
      vuln('low', 11, { ...old, fixed: true, resolvedAt: daysAgo(2) }),
    ]);
    expect(improving).toMatchObject({ posture: 'IMPROVING', open_at_start: 2 });
    expect(trend([vuln('low', 10, old)])).toMatchObject({ posture: 'STABLE' });
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
    expect(trend).toMatchObject({ new_issues: 1, resolved_issues: 1, open_at_start: 1 });
  });
});
