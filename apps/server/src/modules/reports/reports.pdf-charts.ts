import { type TReportContentOf, type TVulnSeverity, VULN_SEVERITIES } from '@netguard/contracts';
import { COLORS, contentWidth, type Doc, ensureSpace, MARGIN } from './reports.pdf-layout.ts';

export const SEVERITY_COLORS: Record<TVulnSeverity, string> = {
  critical: '#dc2626',
  high: '#ea580c',
  medium: '#d97706',
  low: '#2563eb',
  info: '#64748b',
};

export type Stat = { label: string; value: string; color?: string };

/** A row of boxes, each a large value over its label. */
export function statBoxes(doc: Doc, stats: Stat[]): void {
  const gap = 10;
  const height = 54;
  const width = (contentWidth(doc) - gap * (stats.length - 1)) / stats.length;
  ensureSpace(doc, height + 10);
  const y = doc.y;
  stats.forEach((stat, i) => {
    const x = MARGIN + i * (width + gap);
    doc.roundedRect(x, y, width, height, 5).lineWidth(1).strokeColor(COLORS.rule).stroke();
    doc
      .rect(x, y + 6, 3, height - 12)
      .fillColor(stat.color ?? COLORS.brand)
      .fill();
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .fillColor(stat.color ?? COLORS.ink);
    doc.text(stat.value, x + 12, y + 10, { width: width - 18, lineBreak: false, ellipsis: true });
    doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted);
    doc.text(stat.label.toUpperCase(), x + 12, y + 34, { width: width - 18, lineBreak: false });
  });
  doc.x = MARGIN;
  doc.y = y + height + 8;
}

/** Horizontal bars of the open issues by severity, scaled to the largest count. */
export function severityChart(doc: Doc, counts: Record<TVulnSeverity, number>): void {
  const barHeight = 14;
  const gap = 7;
  const labelWidth = 70;
  const countWidth = 40;
  ensureSpace(doc, VULN_SEVERITIES.length * (barHeight + gap) + 10);
  const track = contentWidth(doc) - labelWidth - countWidth;
  const max = Math.max(1, ...Object.values(counts));
  let y = doc.y + 2;
  for (const severity of VULN_SEVERITIES) {
    const n = counts[severity];
    doc.font('Helvetica').fontSize(9.5).fillColor(COLORS.ink);
    doc.text(severity[0]?.toUpperCase() + severity.slice(1), MARGIN, y + 2, { width: labelWidth });
    doc
      .rect(MARGIN + labelWidth, y, track, barHeight)
      .fillColor(COLORS.stripe)
      .fill();
    if (n > 0) {
      const width = Math.max(3, (n / max) * track);
      doc
        .rect(MARGIN + labelWidth, y, width, barHeight)
        .fillColor(SEVERITY_COLORS[severity])
        .fill();
    }
    doc.font('Helvetica-Bold').fillColor(COLORS.ink);
    doc.text(String(n), MARGIN + labelWidth + track, y + 2, { width: countWidth, align: 'right' });
    y += barHeight + gap;
  }
  doc.x = MARGIN;
  doc.y = y + 4;
}

type Day = TReportContentOf<'trend'>['days'][number];

/** Daily bars of new (red) and resolved (green) issues, with the open issues as a line. */
export function trendChart(doc: Doc, days: Day[]): void {
  const height = 150;
  const axis = 24;
  ensureSpace(doc, height + axis + 30);
  const top = doc.y + 6;
  const left = MARGIN + 28;
  const width = contentWidth(doc) - 28;
  const max = Math.max(1, ...days.flatMap((d) => [d.new_issues, d.resolved_issues, d.open_issues]));
  const scale = (n: number) => top + height - (n / max) * height;
  const slot = width / days.length;

  doc.font('Helvetica').fontSize(7.5).fillColor(COLORS.muted);
  for (const tick of [0, Math.round(max / 2), max]) {
    doc
      .moveTo(left, scale(tick))
      .lineTo(left + width, scale(tick))
      .lineWidth(0.5);
    doc.strokeColor(COLORS.rule).stroke();
    doc.text(String(tick), MARGIN, scale(tick) - 3, { width: 22, align: 'right' });
  }
  days.forEach((day, i) => {
    const x = left + i * slot + slot * 0.15;
    const bar = slot * 0.35;
    doc.rect(x, scale(day.new_issues), bar, top + height - scale(day.new_issues));
    doc.fillColor('#f87171').fill();
    doc.rect(x + bar, scale(day.resolved_issues), bar, top + height - scale(day.resolved_issues));
    doc.fillColor('#34d399').fill();
    // Weekly date labels, counted back from today so the last bar is always labelled.
    if ((days.length - 1 - i) % 7 === 0) {
      doc.fillColor(COLORS.muted).text(day.date.slice(5), x - 8, top + height + 5, { width: 36 });
    }
  });
  days.forEach((day, i) => {
    const point = [left + (i + 0.5) * slot, scale(day.open_issues)] as const;
    if (i === 0) doc.moveTo(...point);
    else doc.lineTo(...point);
  });
  doc.lineWidth(1.8).strokeColor(COLORS.brand).stroke();

  const legendY = top + height + axis;
  const legend: [string, string][] = [
    ['New issues', '#f87171'],
    ['Resolved issues', '#34d399'],
    ['Open issues', COLORS.brand],
  ];
  legend.forEach(([label, color], i) => {
    const x = left + i * 110;
    doc
      .rect(x, legendY + 1, 9, 9)
      .fillColor(color)
      .fill();
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(COLORS.ink)
      .text(label, x + 13, legendY + 1);
  });
  doc.x = MARGIN;
  doc.y = legendY + 20;
}
