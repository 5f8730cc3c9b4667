import type { TReportContent, TReportContentOf } from '@netguard/contracts';
import { detectionLine, qodCell } from './reports.detection.ts';
import {
  SEVERITY_COLORS,
  type Stat,
  severityChart,
  statBoxes,
  trendChart,
} from './reports.pdf-charts.ts';
import {
  bullets,
  type Cell,
  COLORS,
  type Doc,
  heading,
  paragraph,
  table,
} from './reports.pdf-layout.ts';
import { standingSection } from './reports.pdf-standing.ts';

const STATUS_COLORS: Record<string, string> = {
  HIGH: '#dc2626',
  MEDIUM: '#d97706',
  LOW: '#16a34a',
  COMPLIANT: '#16a34a',
  'NON-COMPLIANT': '#dc2626',
  PARTIAL: '#d97706',
  'IN PROGRESS': '#2563eb',
  'NOT ASSESSED': '#64748b',
  IMPROVING: '#16a34a',
  STABLE: '#2563eb',
  DECLINING: '#dc2626',
};
const statusCell = (status: string): Cell => ({
  text: status,
  color: STATUS_COLORS[status] ?? COLORS.ink,
});
/** An ISO time as "2026-11-22 14:05 UTC". */
export const dateTime = (iso: string | null) =>
  iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '-';

function issueStats(c: TReportContent): Stat[] {
  return [
    { label: 'Open issues', value: String(c.totals.open) },
    { label: 'Critical', value: String(c.severity.critical), color: SEVERITY_COLORS.critical },
    { label: 'High', value: String(c.severity.high), color: SEVERITY_COLORS.high },
    {
      label: 'Fixed or mitigated',
      value: String(c.totals.found - c.totals.open),
      color: '#16a34a',
    },
  ];
}

/** The scans a report was computed from. */
export function scansTable(doc: Doc, c: TReportContent): void {
  heading(doc, 'Scans included');
  table(
    doc,
    [
      { header: 'Scan', width: 0.32 },
      { header: 'Type', width: 0.16 },
      { header: 'Targets', width: 0.3 },
      { header: 'Completed', width: 0.22 },
    ],
    c.scans.map((s) => [
      s.scan_name,
      s.scan_type,
      s.target_hosts.join(', '),
      dateTime(s.completed_at),
    ]),
  );
}

/** The body of each report type, between the summary and the scans table. */
export const SECTIONS: {
  [T in TReportContent['type']]: (doc: Doc, c: TReportContentOf<T>) => void;
} = {
  executive(doc, c) {
    heading(doc, 'Risk assessment');
    statBoxes(doc, [
      { label: 'Overall risk', value: c.risk_level, color: STATUS_COLORS[c.risk_level] },
      ...issueStats(c).slice(0, 3),
    ]);
    heading(doc, 'Open issues by severity');
    severityChart(doc, c.severity);
    heading(doc, 'Key findings');
    bullets(doc, c.key_findings);
    heading(doc, 'Recommendations');
    bullets(doc, c.recommendations);
  },
  technical(doc, c) {
    heading(doc, 'Overview');
    statBoxes(doc, issueStats(c));
    heading(doc, 'Open issues by severity');
    severityChart(doc, c.severity);
    heading(doc, `Top ${c.top_vulnerabilities.length} vulnerabilities by risk score`);
    if (c.top_vulnerabilities.length === 0)
      paragraph(doc, 'No open vulnerabilities.', COLORS.muted);
    else
      table(
        doc,
        [
          { header: '#', width: 0.05, align: 'right' },
          { header: 'Vulnerability', width: 0.31 },
          { header: 'Severity', width: 0.11 },
          { header: 'Risk', width: 0.07, align: 'right' },
          { header: 'Host:port', width: 0.2 },
          { header: 'Service', width: 0.14 },
          { header: 'QoD', width: 0.12, align: 'right' },
        ],
        c.top_vulnerabilities.map((v, i) => [
          String(i + 1),
          v.cve_id && !v.title.includes(v.cve_id) ? `${v.title} (${v.cve_id})` : v.title,
          { text: v.severity.toUpperCase(), color: SEVERITY_COLORS[v.severity] },
          String(v.risk_score),
          v.port === null ? v.host : `${v.host}:${v.port}/${v.protocol}`,
          v.service ?? '-',
          qodCell(v.detection),
        ]),
      );
    if (c.top_vulnerabilities.length) {
      heading(doc, 'Detection confidence');
      bullets(
        doc,
        c.top_vulnerabilities.map((v) => ({ label: v.title, text: detectionLine(v.detection) })),
      );
    }
    const fixes = c.top_vulnerabilities.filter((v) => v.solution);
    if (fixes.length) {
      heading(doc, 'Remediation');
      bullets(
        doc,
        fixes.map((v) => ({ label: v.title, text: v.solution })),
      );
    }
  },
  compliance(doc, c) {
    heading(doc, 'Compliance status');
    statBoxes(
      doc,
      c.controls.map((control) => ({
        label: control.name,
        value: control.status,
        color: STATUS_COLORS[control.status],
      })),
    );
    heading(doc, 'Controls and framework references');
    table(
      doc,
      [
        { header: 'Control', width: 0.19 },
        { header: 'Status', width: 0.19 },
        { header: 'Finding', width: 0.23 },
        ...c.frameworks.map((name) => ({ header: name, width: 0.13 })),
      ],
      c.controls.map((control) => [
        control.name,
        statusCell(control.status),
        control.detail,
        ...c.frameworks.map((name) => control.references[name] ?? '-'),
      ]),
    );
    paragraph(
      doc,
      `Frameworks: ${c.frameworks.join(', ')}. Remediation timeline: ${c.remediation_timeline}.`,
    );
    if (c.framework_statuses) {
      heading(doc, 'Framework statuses (compliance evidence)');
      standingSection(doc, c.framework_statuses);
    }
    heading(doc, 'Open issues by severity');
    severityChart(doc, c.severity);
  },
  trend(doc, c) {
    heading(doc, 'Security posture');
    statBoxes(doc, [
      { label: 'Security posture', value: c.posture, color: STATUS_COLORS[c.posture] },
      {
        label: `New in ${c.period_days} days`,
        value: String(c.new_issues),
        color: SEVERITY_COLORS.critical,
      },
      {
        label: `Resolved in ${c.period_days} days`,
        value: String(c.resolved_issues),
        color: '#16a34a',
      },
      {
        label: 'Open: start to end',
        value: `${c.open_at_start ?? '-'} to ${c.days.at(-1)?.open_issues ?? c.totals.open}`,
      },
    ]);
    heading(doc, `Issues over the last ${c.period_days} days`);
    trendChart(doc, c.days);
    heading(doc, 'Open issues by severity');
    severityChart(doc, c.severity);
    const active = c.days.filter((d) => d.scans || d.new_issues || d.resolved_issues);
    heading(doc, 'Days with activity');
    if (active.length === 0)
      paragraph(doc, 'No scans completed and no issue changed in this period.', COLORS.muted);
    else
      table(
        doc,
        [
          { header: 'Date', width: 0.28 },
          { header: 'Scans', width: 0.18, align: 'right' },
          { header: 'New', width: 0.18, align: 'right' },
          { header: 'Resolved', width: 0.18, align: 'right' },
          { header: 'Open', width: 0.18, align: 'right' },
        ],
        active.map((d) => [
          d.date,
          String(d.scans),
          String(d.new_issues),
          String(d.resolved_issues),
          String(d.open_issues),
        ]),
      );
  },
};
