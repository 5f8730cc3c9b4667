// A compliance report as PDF, with the report module's layout: summary, requirements with their
// status and reason, evidence hashes, gaps and the remediation timeline.
import { REQUIREMENT_STATUSES } from '@netguard/contracts';
import {
  bullets,
  COLORS,
  createDoc,
  footers,
  heading,
  paragraph,
  pdfBytes,
  table,
} from '../reports/reports.pdf-layout.ts';
import type { ComplianceReportContent } from './evidence.report-content.ts';

const STATUS_COLOR: Record<string, string> = {
  compliant: '#16a34a',
  partially_compliant: '#ca8a04',
  non_compliant: '#dc2626',
  not_assessed: COLORS.muted,
  not_applicable: COLORS.muted,
};
const label = (s: string) => s.replaceAll('_', ' ');

export function renderComplianceReportPdf(
  title: string,
  c: ComplianceReportContent,
): Promise<Buffer> {
  const doc = createDoc({ title, subject: `${c.framework.name} compliance report` });
  const done = pdfBytes(doc);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(COLORS.ink).text(title);
  paragraph(
    doc,
    `${c.framework.name} (${c.framework.version}, catalogue ${c.framework.dataVersion}); generated ${c.generatedAt}`,
    COLORS.muted,
  );
  heading(doc, 'Summary');
  paragraph(
    doc,
    `Score: ${c.score === null ? 'not scored (no requirement has a verdict)' : `${c.score}%`}: ${c.scoreDefinition}.`,
  );
  bullets(
    doc,
    REQUIREMENT_STATUSES.map((s) => ({ label: label(s), text: String(c.statusCounts[s]) })),
  );
  if (c.publicKeyFingerprint)
    paragraph(
      doc,
      `Evidence signing key fingerprint (SHA-256): ${c.publicKeyFingerprint}`,
      COLORS.muted,
    );
  heading(doc, 'Requirements');
  table(
    doc,
    [
      { header: 'Requirement', width: 0.16 },
      { header: 'Status', width: 0.16 },
      { header: 'Coverage', width: 0.12 },
      { header: 'Reason', width: 0.56 },
    ],
    c.requirements.map((r) => [
      `${r.id} ${r.title}`,
      { text: label(r.status), color: STATUS_COLOR[r.status] ?? COLORS.ink },
      r.coverage,
      r.reason.slice(0, 400),
    ]),
  );
  const evidence = c.requirements.flatMap((r) =>
    r.evidence.map((e) => ({ ...e, requirement: r.id })),
  );
  if (evidence.length) {
    heading(doc, 'Evidence');
    table(
      doc,
      [
        { header: 'Requirement', width: 0.14 },
        { header: 'Evidence', width: 0.3 },
        { header: 'Observed', width: 0.16 },
        { header: 'SHA-256', width: 0.4 },
      ],
      evidence.map((e) => [
        e.requirement,
        e.title,
        e.observedAt.slice(0, 16).replace('T', ' '),
        e.contentHash,
      ]),
    );
  }
  if (c.remediationTimeline.length) {
    heading(doc, 'Gaps and remediation timeline');
    table(
      doc,
      [
        { header: 'Requirement', width: 0.2 },
        { header: 'Status', width: 0.2 },
        { header: 'Target', width: 0.2 },
        { header: 'Days', width: 0.4 },
      ],
      c.remediationTimeline.map((t) => [t.id, label(t.status), t.targetDate, String(t.targetDays)]),
    );
  }
  footers(doc, `NetGuard  |  ${title}`);
  doc.end();
  return done;
}
