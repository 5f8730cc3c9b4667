import type { TRemediationSummary } from '@netguard/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMinutes, formatSuccessRate } from '@/features/remediation/remediation-format';
import { formatCount } from '@/lib/format';

/** The four cards, each a value the server computed from the organization's executions. */
export function RemediationSummaryCards({ summary }: { summary: TRemediationSummary }) {
  const cards = [
    { key: 'active', label: 'Active', value: formatCount(summary.active) },
    { key: 'successRate', label: 'Success Rate', value: formatSuccessRate(summary.successRate) },
    { key: 'timeSaved', label: 'Time Saved', value: formatMinutes(summary.timeSavedMinutes) },
    { key: 'autoFixed', label: 'Auto-Fixed', value: formatCount(summary.autoFixed) },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ key, label, value }) => (
        <Card key={key} className="gap-2 py-4" data-testid={`remediation-summary-${key}`}>
          <CardHeader className="px-4">
            <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
          </CardHeader>
          <CardContent className="px-4 text-2xl font-bold">{value}</CardContent>
        </Card>
      ))}
    </div>
  );
}
