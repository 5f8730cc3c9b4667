import {
  REPORT_RULES as R,
  type TReportContent,
  type TReportContentOf,
  type TReportType,
} from '@netguard/contracts';
import { executiveFindings, executiveRecommendations, riskReason } from './reports.executive.ts';
import {
  accessControlStatus,
  CONTROL_REFERENCES,
  countBySeverity,
  isOpen,
  networkSecurityStatus,
  plural,
  riskLevel,
  trendPosture,
  VULNERABILITY_MANAGEMENT_STATUS,
} from './reports.rules.ts';
import type { ReportSource } from './reports.source.ts';
import { trendDays } from './reports.trend.ts';

/** The title of each report type. */
export const REPORT_TITLES = {
  executive: 'Executive Security Summary',
  technical: 'Technical Security Report',
  compliance: 'Compliance Assessment Report',
  trend: 'Security Trend Analysis',
} as const satisfies Record<TReportType, string>;

export type GeneratedReport = { title: string; summary: string; content: TReportContent };
type Built<T extends TReportType> = {
  title: string;
  summary: string;
  content: TReportContentOf<T>;
};

/** What every report type holds, and the open issues it is computed from. */
function baseOf(source: ReportSource) {
  const open = source.vulnerabilities.filter(isOpen);
  const base = {
    scans: source.scans.map((s) => ({
      id: s.id,
      scan_name: s.scanName,
      scan_type: s.scanType,
      target_hosts: s.targetHosts,
      completed_at: s.completedAt?.toISOString() ?? null,
    })),
    totals: {
      found: source.vulnerabilities.length,
      open: open.length,
      mitigated: source.vulnerabilities.filter((v) => v.mitigated).length,
      fixed: source.vulnerabilities.filter((v) => v.fixed).length,
    },
    severity: countBySeverity(open),
  };
  return { open, base };
}

const BUILDERS: { [T in TReportType]: (source: ReportSource, now: Date) => Built<T> } = {
  executive(source) {
    const { open, base } = baseOf(source);
    const level = riskLevel(base.severity);
    return {
      title: REPORT_TITLES.executive,
      summary: `Overall risk ${level}: ${plural(open.length, 'open issue')} (${base.severity.critical} critical, ${base.severity.high} high) across ${plural(source.scans.length, 'completed scan')}.`,
      content: {
        type: 'executive',
        ...base,
        risk_level: level,
        risk_reason: riskReason(level, base.severity),
        key_findings: executiveFindings(source, open),
        recommendations: executiveRecommendations(base.severity),
      },
    };
  },

  technical(source) {
    const { open, base } = baseOf(source);
    const top = [...open]
      .sort((x, y) => y.riskScore - x.riskScore || x.title.localeCompare(y.title))
      .slice(0, R.technicalTop);
    const hosts = new Set(open.map((v) => v.host)).size;
    const first = top[0];
    return {
      title: REPORT_TITLES.technical,
      summary: first
        ? `${plural(open.length, 'open vulnerability', 'open vulnerabilities')} on ${plural(hosts, 'host')} from ${plural(source.scans.length, 'completed scan')}; highest risk ${first.riskScore}: ${first.title}.`
        : `No open vulnerabilities in the last ${plural(source.scans.length, 'completed scan')}.`,
      content: {
        type: 'technical',
        ...base,
        top_vulnerabilities: top.map((v) => ({
          title: v.title,
          severity: v.severity,
          risk_score: v.riskScore,
          host: v.host,
          port: v.port,
          protocol: v.protocol,
          service: v.service,
          vulnerability_type: v.vulnerabilityType,
          cve_id: v.cveId,
          solution: v.solution,
          detection: v.detection,
        })),
      },
    };
  },

  compliance(source) {
    const { open, base } = baseOf(source);
    const resolved = base.totals.found - base.totals.open;
    const controls = [
      {
        name: 'Access Control',
        status: accessControlStatus(base.severity),
        detail:
          base.severity.critical === 0
            ? 'No open critical issues'
            : `${plural(base.severity.critical, 'open critical issue')}`,
      },
      {
        name: 'Network Security',
        status: networkSecurityStatus(open.length),
        detail: `${plural(open.length, 'open issue')} (compliant below ${R.networkCompliantBelow})`,
      },
      {
        name: 'Vulnerability Management',
        status: VULNERABILITY_MANAGEMENT_STATUS,
        detail: `${resolved} of ${plural(base.totals.found, 'issue')} fixed or mitigated`,
      },
    ] as const;
    return {
      title: REPORT_TITLES.compliance,
      summary: `${controls.map((c) => `${c.name} ${c.status}`).join(', ')}; remediation timeline ${R.remediationTimeline}.`,
      content: {
        type: 'compliance',
        ...base,
        controls: controls.map((c) => ({ ...c, references: CONTROL_REFERENCES[c.name] })),
        frameworks: [...R.frameworks],
        remediation_timeline: R.remediationTimeline,
      },
    };
  },

  trend(source, now) {
    const { open, base } = baseOf(source);
    const days = trendDays(source, now);
    const posture = trendPosture(open.length);
    const added = days.reduce((sum, d) => sum + d.new_issues, 0);
    const resolved = days.reduce((sum, d) => sum + d.resolved_issues, 0);
    return {
      title: REPORT_TITLES.trend,
      summary: `Security posture ${posture} over the last ${R.trendPeriodDays} days: ${added} new and ${resolved} resolved issues, ${plural(open.length, 'issue')} open.`,
      content: {
        type: 'trend',
        ...base,
        period_days: R.trendPeriodDays,
        posture,
        new_issues: added,
        resolved_issues: resolved,
        days,
      },
    };
  },
};

/** Computes a report of `type` from its source (spec part 2 §9 rules). */
export function buildReport(type: TReportType, source: ReportSource, now: Date): GeneratedReport {
  return BUILDERS[type](source, now);
}
