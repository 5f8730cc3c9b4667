// Compliance Reports: generated per framework from the current assessment, stored, listed and
// downloaded as JSON or PDF.
import {
  EVIDENCE_TEXT,
  type TComplianceFrameworkId,
  type TGenerateComplianceReport,
} from '@netguard/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { complianceReports } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { assessFramework, loadEvidence } from './evidence.assess.ts';
import { readPublicKey } from './evidence.keys.ts';
import { type ComplianceReportContent, reportContent } from './evidence.report-content.ts';
import { renderComplianceReportPdf } from './evidence.report-pdf.ts';

type Row = typeof complianceReports.$inferSelect;

const summary = (r: Row) => {
  const c = r.content as unknown as ComplianceReportContent;
  return {
    id: r.id,
    frameworkId: r.frameworkId as TComplianceFrameworkId,
    title: r.title,
    createdAt: r.createdAt.toISOString(),
    score: c.score,
    statusCounts: c.statusCounts,
  };
};

export function createComplianceReports(db: Executor) {
  return {
    /** generate-compliance-report. */
    async generate(auth: AuthContext, body: TGenerateComplianceReport) {
      const now = new Date();
      const a = assessFramework(await loadEvidence(db, auth.organizationId), body.frameworkId, now);
      const content = reportContent(a, now, await readPublicKey(db, auth.organizationId));
      const [row] = await db
        .insert(complianceReports)
        .values({
          organizationId: auth.organizationId,
          frameworkId: body.frameworkId,
          title:
            body.options?.title ??
            `${a.framework.name} compliance report ${now.toISOString().slice(0, 10)}`,
          content: content as unknown as Record<string, unknown>,
          createdBy: auth.userId,
        })
        .returning();
      if (!row) throw new Error('the report was not stored');
      return summary(row);
    },

    async list(auth: AuthContext) {
      const list = await db
        .select()
        .from(complianceReports)
        .where(eq(complianceReports.organizationId, auth.organizationId))
        .orderBy(desc(complianceReports.createdAt))
        .limit(100);
      return { reports: list.map(summary) };
    },

    /** The report as a file; `allowed`: the frameworks a granted auditor may see (else 404). */
    async download(auth: AuthContext, id: string, format: 'pdf' | 'json', allowed?: Set<string>) {
      const [row] = await db
        .select()
        .from(complianceReports)
        .where(
          and(
            eq(complianceReports.organizationId, auth.organizationId),
            eq(complianceReports.id, id),
          ),
        );
      if (!row || (allowed && !allowed.has(row.frameworkId)))
        throw new AppError('not_found', 404, EVIDENCE_TEXT.reportNotFound);
      const content = row.content as unknown as ComplianceReportContent;
      const base = `compliance-${row.frameworkId}-${row.createdAt.toISOString().slice(0, 10)}-${row.id.slice(0, 8)}`;
      return format === 'json'
        ? {
            frameworkId: row.frameworkId,
            filename: `${base}.json`,
            type: 'application/json',
            body: Buffer.from(`${JSON.stringify(content, null, 2)}\n`),
          }
        : {
            frameworkId: row.frameworkId,
            filename: `${base}.pdf`,
            type: 'application/pdf',
            body: await renderComplianceReportPdf(row.title, content),
          };
    },
  };
}

export type ComplianceReports = ReturnType<typeof createComplianceReports>;
