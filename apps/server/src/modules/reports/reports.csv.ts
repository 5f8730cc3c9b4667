import {
  COMPLIANCE_STANDING_TEXT as C,
  frameworkFigureText,
  type TComplianceStanding,
  type TReportContent,
  type TReportContentOf,
  type TVerdict,
  verdictLine,
} from '@netguard/contracts';
import { csvField } from '../vulnerabilities/vulnerabilities.export.ts';

type Table = { columns: string[]; rows: unknown[][] };

/**
 * A table whose rows are items (findings, days) ends with a row per verdict of the report:
 * `verdict` in the first column, the verdict with its inputs, rule and reference in the second.
 */
function withVerdicts(columns: string[], rows: unknown[][], verdicts: TVerdict[]): Table {
  const pad = Array.from({ length: columns.length - 2 }, () => '');
  return { columns, rows: [...rows, ...verdicts.map((v) => ['verdict', verdictLine(v), ...pad])] };
}

/**
 * After a Compliance report's controls: a row per framework status from compliance evidence
 * (`framework: <name>`, its score or "Not assessed", what the score is), or the plan's note.
 */
function standingRows(s: TComplianceStanding | null, padding: number): unknown[][] {
  const pad = Array.from({ length: padding }, () => '');
  if (!s) return [];
  if (!s.available)
    return [['framework statuses', C.enterpriseOnly, C.enterpriseOnlyDetail, ...pad]];
  return s.frameworks.map((f) => [
    `framework: ${f.name}`,
    f.score === null ? C.notAssessed : `${f.score}%`,
    frameworkFigureText(f),
    ...pad,
  ]);
}

/** The report's main table, by type. */
const TABLES: { [T in TReportContent['type']]: (content: TReportContentOf<T>) => Table } = {
  executive: (c) => ({
    columns: ['metric', 'value'],
    rows: [
      ['Risk level', c.risk_level],
      ...c.verdicts.map((v) => ['Verdict', verdictLine(v)]),
      ['Completed scans', c.scans.length],
      ['Issues found', c.totals.found],
      ['Open issues', c.totals.open],
      ['Mitigated', c.totals.mitigated],
      ['Fixed', c.totals.fixed],
      ...Object.entries(c.severity).map(([severity, n]) => [`Open ${severity}`, n]),
      ...c.key_findings.map((text) => ['Key finding', text]),
      ...c.recommendations.map((text) => ['Recommendation', text]),
    ],
  }),
  technical: (c) =>
    withVerdicts(
      [
        'rank',
        'title',
        'severity',
        'risk_score',
        'host',
        'port',
        'protocol',
        'service',
        'vulnerability_type',
        'cve_id',
        'solution',
        'detection_method',
        'detection_qod',
        'detection_detail',
      ],
      c.top_vulnerabilities.map((v, i) => [
        i + 1,
        v.title,
        v.severity,
        v.risk_score,
        v.host,
        v.port,
        v.protocol,
        v.service,
        v.vulnerability_type,
        v.cve_id,
        v.solution,
        v.detection?.method,
        v.detection?.qod,
        v.detection?.detail,
      ]),
      c.verdicts,
    ),
  compliance: (c) => ({
    columns: ['control', 'status', 'detail', ...c.frameworks, 'remediation_timeline'],
    rows: [
      ...c.controls.map((control) => [
        control.name,
        control.status,
        control.detail,
        ...c.frameworks.map((framework) => control.references[framework]),
        c.remediation_timeline,
      ]),
      ...standingRows(c.framework_statuses, c.frameworks.length + 1),
    ],
  }),
  trend: (c) =>
    withVerdicts(
      ['date', 'scans_completed', 'new_issues', 'resolved_issues', 'open_issues'],
      c.days.map((d) => [d.date, d.scans, d.new_issues, d.resolved_issues, d.open_issues]),
      c.verdicts,
    ),
};

/** The report's main table as CSV (RFC 4180, formula-safe). */
export function reportCsv(content: TReportContent): string {
  const table = (TABLES[content.type] as (c: TReportContent) => Table)(content);
  const line = (cells: unknown[]) => `${cells.map(csvField).join(',')}\r\n`;
  return line(table.columns) + table.rows.map(line).join('');
}
