import { passRateVariant, scoreLines, type TSelftestExecution } from '@netguard/contracts';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePermission } from '@/features/auth/use-permission';
import { downloadTestReport } from '@/features/testing/api';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

type Props = {
  executions: readonly TSelftestExecution[];
  titles: Record<string, string>;
  onOpen: (id: string) => void;
};

/** The last 10 runs with the spec's pass-rate badges (default ≥ 90 %, secondary ≥ 70 %). */
export function HistoryList({ executions, titles, onOpen }: Props) {
  const exportAllowed = usePermission('selftest', 'export').allowed;
  const download = (id: string, format: 'pdf' | 'html' | 'json') =>
    downloadTestReport(id, format).then(
      () => toast.success('Report Generated'),
      (error: unknown) =>
        toast.error('Report Generation Failed', {
          description: errorMessage(error) || 'Failed to generate test report',
        }),
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Test History</CardTitle>
      </CardHeader>
      <CardContent>
        {executions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No test runs yet.</p>
        ) : (
          <ul className="divide-y" data-testid="history">
            {executions.slice(0, 10).map((e) => (
              <li key={e.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                <button
                  type="button"
                  className="min-w-0 flex-1 text-left hover:underline"
                  onClick={() => onOpen(e.id)}
                >
                  <span className="font-medium">{titles[e.suite_id] ?? e.suite_id}</span>{' '}
                  <span className="text-muted-foreground">
                    {formatDateTime(e.start_time)} · {e.status}
                  </span>
                </button>
                {e.pass_rate !== null && (
                  <Badge variant={passRateVariant(e.pass_rate)}>{e.pass_rate}%</Badge>
                )}
                {exportAllowed &&
                  (['pdf', 'html', 'json'] as const).map((format) => (
                    <Button
                      key={format}
                      size="sm"
                      variant="ghost"
                      onClick={() => void download(e.id, format)}
                      aria-label={`Download ${format.toUpperCase()} report`}
                    >
                      <Download aria-hidden="true" /> {format.toUpperCase()}
                    </Button>
                  ))}
                {e.scores && (
                  <p
                    className="basis-full text-xs text-muted-foreground"
                    data-testid="history-scores"
                  >
                    {Object.values(scoreLines(e.scores)).join(' · ')}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
