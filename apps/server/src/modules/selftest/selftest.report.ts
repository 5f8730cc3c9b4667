// generate-test-report: an execution as HTML, PDF (pdfkit, the reports module's layout) or JSON.
// A suite with an inconclusive test prints no grade: its pass rate is shown with that caveat.
import { scoreLines, type TSelftestExecution, type TSelftestResult } from '@netguard/contracts';
import {
  bullets,
  createDoc,
  footers,
  heading,
  paragraph,
  pdfBytes,
  table,
} from '../reports/reports.pdf-layout.ts';
import { describeThreshold } from './verdicts.ts';

export type ReportFile = { filename: string; contentType: string; body: Buffer };

const STATE_LABEL: Record<TSelftestResult['state'], string> = {
  pending: 'Pending',
  running: 'Running',
  passed: 'Passed',
  failed: 'Failed',
  inconclusive: 'Inconclusive',
  skipped: 'Skipped',
};

/** One line of totals; with an inconclusive test no grade is given. */
export function summaryLine(e: TSelftestExecution): string {
  const rate =
    e.pass_rate === null ? 'no pass rate (no test reached a verdict)' : `pass rate ${e.pass_rate}%`;
  const base = `${e.total_tests} tests: ${e.passed_tests} passed, ${e.failed_tests} failed, ${e.inconclusive_tests} inconclusive, ${e.skipped_tests} skipped; ${rate}.`;
  return e.inconclusive_tests > 0
    ? `${base} No grade: ${e.inconclusive_tests} test(s) could not reach a verdict.`
    : base;
}

/** The security suite's score lines (Observatory, TLS grade, ASVS); none for other runs. */
const scoresOf = (e: TSelftestExecution) => (e.scores ? Object.values(scoreLines(e.scores)) : []);

const thresholdsOf = (r: TSelftestResult) =>
  r.thresholds
    .map(
      (t) => `${t.metric}: ${r.measurements[t.metric] ?? 'not measured'} (${describeThreshold(t)})`,
    )
    .join('; ');

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function html(e: TSelftestExecution, title: string): string {
  const rows = e.results
    .map(
      (r) =>
        `<tr class="${r.state}"><td>${escapeHtml(r.name)}</td><td>${STATE_LABEL[r.state]}</td><td>${r.duration_ms ?? ''}</td><td>${escapeHtml(r.reason ?? '')}${r.thresholds.length ? `<br><small>${escapeHtml(thresholdsOf(r))}</small>` : ''}</td><td>${escapeHtml(r.recommendation ?? '')}</td></tr>`,
    )
    .join('\n');
  const evidence = e.results
    .filter((r) => r.evidence.length)
    .map(
      (r) =>
        `<h3>${escapeHtml(r.name)}</h3><ul>${r.evidence.map((ev) => `<li>${escapeHtml(ev.kind)}: ${escapeHtml(ev.summary)}</li>`).join('')}</ul>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#0f172a}table{border-collapse:collapse;width:100%}td,th{border:1px solid #cbd5e1;padding:.4rem;vertical-align:top;text-align:left}tr.failed td:nth-child(2){color:#b91c1c}tr.passed td:nth-child(2){color:#15803d}tr.inconclusive td:nth-child(2){color:#a16207}</style>
</head><body>
<h1>${escapeHtml(title)}</h1>
<p>Execution ${e.id}: ${e.status}, started ${e.start_time}${e.end_time ? `, ended ${e.end_time}` : ''}.</p>
<p>${escapeHtml(summaryLine(e))}</p>
${
  e.scores
    ? `<h2>Scores</h2><ul>${scoresOf(e)
        .map((l) => `<li>${escapeHtml(l)}</li>`)
        .join('')}</ul>`
    : ''
}
<table><thead><tr><th>Test</th><th>Result</th><th>Duration (ms)</th><th>Why</th><th>Recommendation</th></tr></thead><tbody>
${rows}
</tbody></table>
<h2>Evidence</h2>
${evidence}
</body></html>
`;
}

async function pdf(e: TSelftestExecution, title: string): Promise<Buffer> {
  const doc = createDoc({ title, subject: summaryLine(e) });
  const done = pdfBytes(doc);
  heading(doc, title);
  paragraph(
    doc,
    `Execution ${e.id}: ${e.status}, started ${e.start_time}${e.end_time ? `, ended ${e.end_time}` : ''}.`,
  );
  paragraph(doc, summaryLine(e));
  if (e.scores) {
    heading(doc, 'Scores');
    for (const line of scoresOf(e)) paragraph(doc, line);
  }
  heading(doc, 'Results');
  table(
    doc,
    [
      { header: 'Test', width: 190 },
      { header: 'Result', width: 80 },
      { header: 'Why', width: 225 },
    ],
    e.results.map((r) => [r.name, STATE_LABEL[r.state], r.reason ?? '']),
  );
  const failed = e.results.filter((r) => r.state === 'failed');
  if (failed.length) {
    heading(doc, 'Recommendations');
    bullets(
      doc,
      failed.map((r) => ({ label: r.name, text: r.recommendation ?? '' })),
    );
  }
  heading(doc, 'Evidence');
  bullets(
    doc,
    e.results.flatMap((r) =>
      r.evidence.map((ev) => ({ label: r.name, text: `${ev.kind}: ${ev.summary}` })),
    ),
  );
  footers(doc, `NetGuard  |  ${title}`);
  doc.end();
  return done;
}

export async function renderTestReport(
  e: TSelftestExecution,
  format: 'html' | 'pdf' | 'json',
  suiteTitle: string,
): Promise<ReportFile> {
  const title = `NetGuard ${suiteTitle} report`;
  const base = `netguard-${e.suite_id}-test-${e.start_time.slice(0, 10)}-${e.id.slice(0, 8)}`;
  if (format === 'json')
    return {
      filename: `${base}.json`,
      contentType: 'application/json',
      body: Buffer.from(JSON.stringify(e, null, 2)),
    };
  if (format === 'html')
    return {
      filename: `${base}.html`,
      contentType: 'text/html; charset=utf-8',
      body: Buffer.from(html(e, title)),
    };
  return { filename: `${base}.pdf`, contentType: 'application/pdf', body: await pdf(e, title) };
}
