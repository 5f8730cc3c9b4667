import PDFDocument from 'pdfkit';

export type Doc = PDFKit.PDFDocument;

export const COLORS = {
  ink: '#0f172a',
  muted: '#64748b',
  rule: '#e2e8f0',
  stripe: '#f8fafc',
  brand: '#2563eb',
  band: '#0f172a',
} as const;

export const MARGIN = 50;
/** Space kept free at the bottom of every page for the footer. */
const FOOTER_SPACE = 30;

/** The document's bytes once it ends; call before writing, then doc.end(). */
export function pdfBytes(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return done;
}

export function createDoc(info: { title: string; subject: string }): Doc {
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: info.title, Subject: info.subject, Author: 'NetGuard', Creator: 'NetGuard' },
  });
}

export const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
const bottom = (doc: Doc) => doc.page.height - MARGIN - FOOTER_SPACE;

/** Starts a new page unless `height` still fits below the cursor. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) {
    doc.addPage();
    doc.y = MARGIN;
  }
}

/** A section heading; it moves to the next page unless some of its section fits below it. */
export function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 110);
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(13).fillColor(COLORS.ink);
  doc.text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  const y = doc.y + 3;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + contentWidth(doc), y)
    .lineWidth(1);
  doc.strokeColor(COLORS.rule).stroke();
  doc.y = y + 8;
}

export function paragraph(doc: Doc, text: string, color: string = COLORS.ink): void {
  doc.font('Helvetica').fontSize(10.5).fillColor(color);
  ensureSpace(doc, doc.heightOfString(text, { width: contentWidth(doc) }));
  doc.text(text, MARGIN, doc.y, { width: contentWidth(doc), lineGap: 2 });
  doc.moveDown(0.4);
}

/** A bullet is its text, or a bold label followed by its text. */
export type Bullet = string | { label: string; text: string };

export function bullets(doc: Doc, items: Bullet[]): void {
  const indent = 14;
  const width = contentWidth(doc) - indent;
  for (const item of items) {
    const [label, text] = typeof item === 'string' ? ['', item] : [`${item.label}: `, item.text];
    doc.font('Helvetica').fontSize(10.5);
    ensureSpace(doc, doc.heightOfString(label + text, { width }) + 4);
    const y = doc.y;
    doc
      .circle(MARGIN + 4, y + 5.5, 2)
      .fillColor(COLORS.brand)
      .fill();
    // One paragraph: the text continues on the bold label's line.
    doc.fillColor(COLORS.ink).font('Helvetica-Bold');
    doc.text(label, MARGIN + indent, y, { width, lineGap: 2, continued: true });
    doc.font('Helvetica').text(text, { width, lineGap: 2 });
    doc.moveDown(0.3);
  }
}

export type Column = { header: string; width: number; align?: 'left' | 'right' | 'center' };
/** A cell is its text, or its text with a colour. */
export type Cell = string | { text: string; color: string };

const CELL_PAD = 5;
const cellText = (cell: Cell) => (typeof cell === 'string' ? cell : cell.text);

function rowHeight(doc: Doc, cells: Cell[], widths: number[]): number {
  const heights = cells.map((cell, i) =>
    doc.heightOfString(cellText(cell), { width: (widths[i] ?? 0) - CELL_PAD * 2 }),
  );
  return Math.max(...heights, 10) + CELL_PAD * 2;
}

function drawRow(doc: Doc, columns: Column[], cells: Cell[], widths: number[], header: boolean) {
  doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(header ? 8.5 : 9);
  const height = rowHeight(doc, cells, widths);
  const y = doc.y;
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const width = widths[i] ?? 0;
    const color = header ? COLORS.muted : typeof cell === 'string' ? COLORS.ink : cell.color;
    doc.fillColor(color).text(cellText(cell), x + CELL_PAD, y + CELL_PAD, {
      width: width - CELL_PAD * 2,
      align: columns[i]?.align ?? 'left',
    });
    x += width;
  });
  const end = y + height;
  doc
    .moveTo(MARGIN, end)
    .lineTo(MARGIN + contentWidth(doc), end)
    .lineWidth(header ? 1 : 0.5);
  doc.strokeColor(header ? COLORS.muted : COLORS.rule).stroke();
  doc.y = end;
}

/**
 * A table across the content width; column widths are fractions. Rows never split across pages
 * and the header row repeats on every page the table reaches.
 */
export function table(doc: Doc, columns: Column[], rows: Cell[][]): void {
  const widths = columns.map((c) => c.width * contentWidth(doc));
  const headers = columns.map((c) => c.header.toUpperCase());
  doc.font('Helvetica-Bold').fontSize(8.5);
  ensureSpace(doc, rowHeight(doc, headers, widths) * 2 + 10);
  drawRow(doc, columns, headers, widths, true);
  rows.forEach((cells, index) => {
    doc.font('Helvetica').fontSize(9);
    const height = rowHeight(doc, cells, widths);
    if (doc.y + height > bottom(doc)) {
      ensureSpace(doc, Number.POSITIVE_INFINITY);
      drawRow(doc, columns, headers, widths, true);
    }
    if (index % 2 === 1) {
      doc.rect(MARGIN, doc.y, contentWidth(doc), height).fillColor(COLORS.stripe).fill();
    }
    drawRow(doc, columns, cells, widths, false);
  });
  doc.x = MARGIN;
  doc.moveDown(0.6);
}

/** Writes `left` and "Page n of m" at the foot of every page. */
export function footers(doc: Doc, left: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Text below the bottom margin would otherwise open a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 10;
    doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted);
    doc.text(left, MARGIN, y, { width: contentWidth(doc), lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, MARGIN, y, {
      width: contentWidth(doc),
      align: 'right',
      lineBreak: false,
    });
  }
}
