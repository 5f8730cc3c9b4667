import type { TSiemSummary } from '@netguard/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/format';

const CARDS: { key: keyof TSiemSummary; label: string }[] = [
  { key: 'total', label: 'Total Integrations' },
  { key: 'active', label: 'Active' },
  { key: 'deliveredLast24h', label: 'Events Delivered (24h)' },
  { key: 'backlog', label: 'Backlog' },
  { key: 'deadLettered', label: 'Dead Letters' },
];

/** The organization's totals as the server counts them. */
export function SiemSummaryCards({ summary }: { summary: TSiemSummary }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {CARDS.map(({ key, label }) => (
        <Card key={key} className="gap-2 py-4" data-testid={`siem-summary-${key}`}>
          <CardHeader className="px-4">
            <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
          </CardHeader>
          <CardContent className="px-4 text-2xl font-bold">{formatCount(summary[key])}</CardContent>
        </Card>
      ))}
    </div>
  );
}
