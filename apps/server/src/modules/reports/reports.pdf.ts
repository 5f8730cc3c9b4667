import {
  REPORT_GENERATORS,
  shortReportId,
  type TReportContent,
  verdictLine,
} from '@netguard/contracts';
import type { ReadyReport } from './reports.files.ts';
import {
  bullets,
  COLORS,
  createDoc,
  type Doc,
  footers,
  heading,
  MARGIN,
  paragraph,
  pdfBytes,
} from './reports.pdf-layout.ts';
import { dateTime, SECTIONS, scansTable } from './reports.pdf-sections.ts';
import { plural } from './reports.rules.ts';

/** The dark band at the top of page 1: product and type, title, date, report id, scans. */
function header(doc: Doc, report: ReadyReport): void {
  const height = 112;
  doc.rect(0, 0, doc.page.width, height).fillColor(COLORS.band).fill();
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#93c5fd');
  doc.text(
    `NETGUARD  |  ${REPORT_GENERATORS[report.report_type].label.toUpperCase()}`,
    MARGIN,
    30,
    {
      characterSpacing: 1,
    },
  );
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#ffffff').text(report.title, MARGIN, 48);
  doc.font('Helvetica').fontSize(9.5).fillColor('#cbd5e1');
  const scans = report.content.scans.length;
  doc.text(
    `Generated ${dateTime(report.created_at)}   |   Report ID ${shortReportId(report.id)}   |   Based on ${plural(scans, 'completed scan')}`,
    MARGIN,
    82,
  );
  doc.x = MARGIN;
  doc.y = height + 10;
}

/** Renders a ready report as an A4 PDF: header, summary, charts and tables, page footers. */
export function renderReportPdf(report: ReadyReport): Promise<Buffer> {
  const doc = createDoc({ title: report.title, subject: report.summary ?? '' });
  const done = pdfBytes(doc);
  header(doc, report);
  heading(doc, 'Summary');
  paragraph(doc, report.summary ?? '');
  (SECTIONS[report.content.type] as (doc: Doc, c: TReportContent) => void)(doc, report.content);
  if (report.content.verdicts.length) {
    heading(doc, 'How the verdicts were reached');
    bullets(doc, report.content.verdicts.map(verdictLine));
  }
  scansTable(doc, report.content);
  footers(doc, `NetGuard  |  ${report.title}  |  Report ${shortReportId(report.id)}`);
  doc.end();
  return done;
}
