import type { ZComplianceReportSummary } from '@netguard/contracts';
import { Download } from 'lucide-react';
import type { z } from 'zod';
import { PermissionButton } from '@/components/PermissionButton';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePermission } from '@/features/auth/use-permission';
import { downloadEvidence } from '@/features/compliance-evidence/api';
import { formatScore } from '@/features/compliance-evidence/evidence-format';
import {
  FRAMEWORK_SHORT_NAMES,
  REQUIREMENT_STATUS_LABELS,
} from '@/features/compliance-evidence/evidence-labels';
import { EVIDENCE_API } from '@/features/compliance-evidence/evidence-paths';
import { formatDateTime } from '@/lib/format';

type TReport = z.infer<typeof ZComplianceReportSummary>;
const FORMATS = ['pdf', 'json'] as const;

/** The organization's generated compliance reports, newest first, each as PDF and JSON. */
export function ReportsList({ reports }: { reports: TReport[] }) {
  const exportAllowed = usePermission('evidence', 'export');
  if (reports.length === 0)
    return (
      <p className="rounded-md border p-6 text-center text-sm text-muted-foreground">
        No reports yet. Generate Report on a framework writes one.
      </p>
    );
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {reports.map((report) => (
        <Card key={report.id} className="gap-3 py-4" data-testid="compliance-report">
          <CardHeader className="px-4">
            <CardTitle className="text-base break-words">{report.title}</CardTitle>
            <p className="text-xs text-muted-foreground">
              {FRAMEWORK_SHORT_NAMES[report.frameworkId]} · {formatDateTime(report.createdAt)} ·
              score {formatScore(report.score)}
            </p>
          </CardHeader>
          <CardContent className="space-y-3 px-4">
            <p className="text-xs text-muted-foreground">
              {(
                Object.keys(REQUIREMENT_STATUS_LABELS) as (keyof typeof REQUIREMENT_STATUS_LABELS)[]
              )
                .map((s) => `${REQUIREMENT_STATUS_LABELS[s]} ${report.statusCounts[s]}`)
                .join(' · ')}
            </p>
            <div className="flex flex-wrap gap-2">
              {FORMATS.map((format) => (
                <PermissionButton
                  key={format}
                  size="sm"
                  variant="outline"
                  reason={exportAllowed.reason}
                  onClick={() =>
                    void downloadEvidence(
                      EVIDENCE_API.reportDownload(report.id, format),
                      `compliance-report-${report.frameworkId}.${format}`,
                    )
                  }
                >
                  <Download aria-hidden="true" />
                  {format.toUpperCase()}
                </PermissionButton>
              ))}
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
