import type {
  TAssessment,
  TComplianceStanding,
  TSecurityEvent,
  TSecurityPolicies,
  TSecurityReportQuery,
} from '@netguard/contracts';
import { SEVERITY_COLORS } from '../reports/reports.pdf-charts.ts';
import {
  COLORS,
  createDoc,
  type Doc,
  footers,
  heading,
  paragraph,
  pdfBytes,
  table,
} from '../reports/reports.pdf-layout.ts';
import { dateTime } from '../reports/reports.pdf-sections.ts';
import { standingSection } from '../reports/reports.pdf-standing.ts';

/** What the security report holds; the JSON download is this object. */
export type SecurityReport = {
  title: string;
  generated_at: string;
  range: TSecurityReportQuery['range'];
  events: {
    total: number;
    by_severity: Record<string, number>;
    by_type: Record<string, number>;
    /** The newest events of the range (at most EVENT_ROWS). */
    items: TSecurityEvent[];
  };
  incidents: { id: string; title: string; severity: string; status: string; created_at: string }[];
  assessment: (TAssessment & { source: 'stored' | 'live' }) | null;
  compliance: TComplianceStanding;
  policies: TSecurityPolicies;
};

const sev = (s: string) => ({
  text: s,
  color: SEVERITY_COLORS[s as keyof typeof SEVERITY_COLORS] ?? COLORS.ink,
});
const RANGE_LABEL = { '24h': 'last 24 hours', '7d': 'last 7 days' } as const;

function eventsSection(doc: Doc, r: SecurityReport) {
  heading(doc, `Security events (${RANGE_LABEL[r.range]})`);
  const counts = Object.entries(r.events.by_severity)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  paragraph(doc, `${r.events.total} events${counts ? `: ${counts}` : ''}.`);
  if (r.events.items.length === 0) return;
  table(
    doc,
    [
      { header: 'Time', width: 0.2 },
      { header: 'Type', width: 0.2 },
      { header: 'Severity', width: 0.12 },
      { header: 'Description', width: 0.48 },
    ],
    r.events.items.map((e) => [
      dateTime(e.created_at),
      e.event_type,
      sev(e.severity),
      e.description.slice(0, 160),
    ]),
  );
}

function assessmentSection(doc: Doc, r: SecurityReport) {
  heading(doc, 'Security assessment');
  const a = r.assessment;
  if (!a) return paragraph(doc, 'No assessment yet.');
  const source = a.source === 'stored' ? `run ${dateTime(a.ran_at)}` : 'computed for this report';
  paragraph(
    doc,
    `Risk level ${a.risk_level.toUpperCase()}; ${a.issues.length} issues (${source}).`,
  );
  if (a.issues.length === 0) return;
  table(
    doc,
    [
      { header: 'Severity', width: 0.12 },
      { header: 'Issue', width: 0.4 },
      { header: 'Detail', width: 0.35 },
      { header: 'Fix at', width: 0.13 },
    ],
    a.issues.map((i) => [sev(i.severity), i.title, i.detail, i.fix_url]),
  );
}

function complianceSection(doc: Doc, r: SecurityReport) {
  heading(doc, 'Framework statuses (compliance evidence)');
  standingSection(doc, r.compliance);
}

function policiesSection(doc: Doc, r: SecurityReport) {
  heading(doc, 'Security policies');
  const p = r.policies;
  const onOff = (on: boolean) => (on ? 'Enforced' : 'Not enforced');
  table(
    doc,
    [
      { header: 'Policy', width: 0.25 },
      { header: 'Setting', width: 0.55 },
      { header: 'State', width: 0.2 },
    ],
    [
      [
        'Password',
        `minimum ${p.password.min_length} characters, character classes required, ${p.password.history ? `last ${p.password.history} passwords refused` : 'reuse allowed'}`,
        onOff(p.enforced.password),
      ],
      [
        'Session',
        `idle timeout ${p.session.idle_timeout_minutes ? `${p.session.idle_timeout_minutes} min` : 'off'}, absolute lifetime ${p.session.absolute_lifetime_hours ? `${p.session.absolute_lifetime_hours} h` : 'off'}`,
        onOff(p.enforced.session),
      ],
      [
        'MFA',
        p.mfa_required_roles.length
          ? `required for ${p.mfa_required_roles.join(', ')}`
          : 'optional',
        onOff(p.enforced.mfa),
      ],
      [
        'Data access',
        p.data_access.api_keys_allowed ? 'API keys allowed' : 'API keys refused',
        onOff(p.enforced.data_access),
      ],
    ],
  );
}

/** Renders the security report as an A4 PDF with the reports module's layout. */
export function renderSecurityReportPdf(r: SecurityReport): Promise<Buffer> {
  const doc = createDoc({ title: r.title, subject: `Security report, ${RANGE_LABEL[r.range]}` });
  const done = pdfBytes(doc);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(COLORS.ink).text(r.title);
  paragraph(doc, `Generated ${dateTime(r.generated_at)}, covering the ${RANGE_LABEL[r.range]}.`);
  eventsSection(doc, r);
  heading(doc, 'Security incidents');
  if (r.incidents.length === 0) paragraph(doc, 'No security incidents in this period.');
  else
    table(
      doc,
      [
        { header: 'Opened', width: 0.2 },
        { header: 'Title', width: 0.5 },
        { header: 'Severity', width: 0.15 },
        { header: 'Status', width: 0.15 },
      ],
      r.incidents.map((i) => [dateTime(i.created_at), i.title, sev(i.severity), i.status]),
    );
  assessmentSection(doc, r);
  complianceSection(doc, r);
  policiesSection(doc, r);
  footers(doc, `NetGuard  |  ${r.title}`);
  doc.end();
  return done;
}
