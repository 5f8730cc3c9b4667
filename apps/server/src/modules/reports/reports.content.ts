import {
  accessControlStatus,
  executiveRisk,
  networkSecurityStatus,
  REPORT_RULES as R,
  securityScore,
  standingLine,
  type TReportContent,
  type TReportContentOf,
  type TReportType,
  type TVerdict,
  trendPosture,
  vulnerabilityManagementStatus,
} from '@netguard/contracts';
import { executiveFindings, executiveRecommendations } from './reports.executive.ts';
import { CONTROL_REFERENCES, countBySeverity, isOpen, plural } from './reports.rules.ts';
import type { ReportSource } from './reports.source.ts';
import { openAtStart, trendDays } from './reports.trend.ts';

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

/** What every report type holds, and the open issues (and their risks) it is computed from. */
function baseOf(source: ReportSource) {
  const open = source.vulnerabilities.filter(isOpen);
  const risks = open.map((v) => v.risk);
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
    verdicts: [] as TVerdict[],
  };
  return { open, risks, base };
}

const BUILDERS: { [T in TReportType]: (source: ReportSource, now: Date) => Built<T> } = {
  executive(source) {
    const { open, risks, base } = baseOf(source);
    const { level, verdict } = executiveRisk(risks);
    const score = securityScore(risks);
    const levels = verdict.inputs[0]?.value;
    return {
      title: REPORT_TITLES.executive,
      summary: `Overall risk ${level}: ${plural(open.length, 'open issue')} (risk ${levels}) across ${plural(source.scans.length, 'completed scan')}; security score ${score.verdict.verdict}.`,
      content: {
        type: 'executive',
        ...base,
        verdicts: [verdict, score.verdict],
        risk_level: level,
        key_findings: executiveFindings(source, open),
        recommendations: executiveRecommendations(base.severity),
      },
    };
  },

  technical(source) {
    const { open, risks, base } = baseOf(source);
    const top = [...open]
      .sort((x, y) => y.risk.score - x.risk.score || x.title.localeCompare(y.title))
      .slice(0, R.technicalTop);
    const hosts = new Set(open.map((v) => v.host)).size;
    const first = top[0];
    return {
      title: REPORT_TITLES.technical,
      summary: first
        ? `${plural(open.length, 'open vulnerability', 'open vulnerabilities')} on ${plural(hosts, 'host')} from ${plural(source.scans.length, 'completed scan')}; highest risk ${first.risk.score}: ${first.title}.`
        : `No open vulnerabilities in the last ${plural(source.scans.length, 'completed scan')}.`,
      content: {
        type: 'technical',
        ...base,
        // The ranking's headline figure: the same security score as the dashboard and executive.
        verdicts: [securityScore(risks).verdict],
        top_vulnerabilities: top.map((v) => ({
          title: v.title,
          severity: v.severity,
          risk_score: v.risk.score,
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
    const { risks, base } = baseOf(source);
    const resolved = base.totals.found - base.totals.open;
    const controls = [
      { name: 'Access Control', ...accessControlStatus(risks) },
      { name: 'Network Security', ...networkSecurityStatus(risks) },
      {
        name: 'Vulnerability Management',
        ...vulnerabilityManagementStatus(base.totals.found, resolved),
      },
    ] as const;
    return {
      title: REPORT_TITLES.compliance,
      summary: `${controls.map((c) => `${c.name} ${c.status}`).join(', ')}; remediation timeline ${R.remediationTimeline}.${source.compliance ? ` Framework statuses: ${standingLine(source.compliance)}.` : ''}`,
      content: {
        type: 'compliance',
        ...base,
        verdicts: controls.map((c) => c.verdict),
        controls: controls.map((c) => ({
          name: c.name,
          status: c.status,
          detail: c.verdict.inputs.map((i) => `${i.label}: ${i.value}`).join('; '),
          references: CONTROL_REFERENCES[c.name],
        })),
        frameworks: [...R.frameworks],
        remediation_timeline: R.remediationTimeline,
        framework_statuses: source.compliance ?? null,
      },
    };
  },

  trend(source, now) {
    const { base } = baseOf(source);
    const days = trendDays(source, now);
    const added = days.reduce((sum, d) => sum + d.new_issues, 0);
    const resolved = days.reduce((sum, d) => sum + d.resolved_issues, 0);
    const start = openAtStart(source, now);
    const end = days.at(-1)?.open_issues ?? 0;
    const { posture, verdict } = trendPosture({
      added,
      resolved,
      openAtStart: start,
      openAtEnd: end,
    });
    return {
      title: REPORT_TITLES.trend,
      summary: `Security posture ${posture} over the last ${R.trendPeriodDays} days: ${added} new and ${resolved} resolved issues, ${start} open at the start and ${end} at the end.`,
      content: {
        type: 'trend',
        ...base,
        verdicts: [verdict],
        period_days: R.trendPeriodDays,
        posture,
        open_at_start: start,
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
