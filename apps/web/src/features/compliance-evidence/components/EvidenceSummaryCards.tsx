import type { ZComplianceDashboard } from '@netguard/contracts';
import type { z } from 'zod';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatScore } from '@/features/compliance-evidence/evidence-format';
import { formatCount, formatDateTime } from '@/lib/format';

type TDashboard = z.infer<typeof ZComplianceDashboard>;

/** The organization's figures as the server computed them from stored evidence. */
export function EvidenceSummaryCards({ dashboard }: { dashboard: TDashboard }) {
  const { evidence, ledger } = dashboard;
  const cards = [
    {
      key: 'score',
      label: 'Compliance Score',
      value: formatScore(dashboard.overallScore),
      note:
        dashboard.overallScore === null
          ? 'Nothing assessed yet'
          : 'Mean of the assessed frameworks',
    },
    {
      key: 'total',
      label: 'Evidence Items',
      value: formatCount(evidence.total),
      note: `${formatCount(evidence.automated)} automated, ${formatCount(evidence.uploaded)} uploaded`,
    },
    { key: 'valid', label: 'Valid', value: formatCount(evidence.valid), note: 'Within validity' },
    {
      key: 'pendingReview',
      label: 'Pending Review',
      value: formatCount(evidence.pendingReview),
      note: 'Uploads awaiting a reviewer',
    },
    {
      key: 'expired',
      label: 'Expired',
      value: formatCount(evidence.expired),
      note: 'Past their validity window',
    },
    {
      key: 'ledger',
      label: 'Ledger',
      value: formatCount(ledger.rows),
      note: `${formatCount(ledger.digests)} signed ${ledger.digests === 1 ? 'digest' : 'digests'}${
        dashboard.lastCollectedAt ? `; last ${formatDateTime(dashboard.lastCollectedAt)}` : ''
      }`,
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
      {cards.map(({ key, label, value, note }) => (
        <Card key={key} className="gap-2 py-4" data-testid={`evidence-summary-${key}`}>
          <CardHeader className="px-4">
            <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-1 px-4">
            <div className="text-2xl font-bold">{value}</div>
            <p className="text-xs text-muted-foreground">{note}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
