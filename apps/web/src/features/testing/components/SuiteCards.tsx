import type { TSelftestExecution, TSelftestRunKind, TSelftestSuite } from '@netguard/contracts';
import { Play } from 'lucide-react';
import { PermissionButton } from '@/components/PermissionButton';
import { Badge } from '@/components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { usePermission } from '@/features/auth/use-permission';
import { ScoreLines } from '@/features/testing/components/ScoreLines';
import { formatDateTime } from '@/lib/format';

type Props = {
  suites: readonly TSelftestSuite[];
  busy: boolean;
  onRun: (kind: TSelftestRunKind) => void;
  /** The newest run that holds the whole security suite: its scores show on the security card. */
  scored?: TSelftestExecution;
};

/** The three suite cards: 15, 12 and 8 tests with the spec's estimated times. */
export function SuiteCards({ suites, busy, onRun, scored }: Props) {
  const execute = usePermission('selftest', 'execute');
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {suites.map((suite) => (
        <Card key={suite.id} data-testid={`suite-${suite.id}`}>
          <CardHeader>
            <CardTitle>{suite.title}</CardTitle>
            <CardDescription>
              {suite.claimed} tests · Estimated time: {suite.estimated_time}
            </CardDescription>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            {suite.available ? (
              <ul className="list-disc space-y-0.5 pl-4">
                {suite.tests.slice(0, 4).map((t) => (
                  <li key={t.id}>{t.name}</li>
                ))}
                {suite.tests.length > 4 && <li>and {suite.tests.length - 4} more</li>}
              </ul>
            ) : (
              <Badge variant="outline">Not available on this build</Badge>
            )}
            {suite.id === 'security' && scored?.scores && (
              <div className="mt-3 border-t pt-3 text-foreground">
                <p className="text-xs text-muted-foreground">
                  Scores of the run of {formatDateTime(scored.start_time)}
                </p>
                <ScoreLines scores={scored.scores} />
              </div>
            )}
          </CardContent>
          <CardFooter>
            <PermissionButton
              className="w-full"
              reason={
                execute.reason ?? (suite.available ? null : 'This suite is not on this build yet')
              }
              disabled={busy}
              onClick={() => onRun(suite.id)}
            >
              <Play aria-hidden="true" /> Run {suite.title}
            </PermissionButton>
          </CardFooter>
        </Card>
      ))}
    </div>
  );
}
