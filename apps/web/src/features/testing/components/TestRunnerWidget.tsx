import type { TSelftestRunKind } from '@netguard/contracts';
import { FlaskConical, Play } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/Logo';
import { PermissionButton } from '@/components/PermissionButton';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePermission } from '@/features/auth/use-permission';
import { ResultList } from '@/features/testing/components/ResultList';
import { ScoreLines } from '@/features/testing/components/ScoreLines';
import { useSuiteRuns } from '@/features/testing/components/SuiteRunner';
import { totalsLine } from '@/features/testing/totals-line';

type Props = {
  kind: Extract<TSelftestRunKind, 'quick' | 'comprehensive'>;
  title: string;
  description: string;
};

/** The centred widgets of /quick-test and /comprehensive-test: run, progress bar, Basic/Advanced. */
export function TestRunnerWidget({ kind, title, description }: Props) {
  const runs = useSuiteRuns(kind);
  const execute = usePermission(kind === 'quick' ? 'quick_test' : 'selftest', 'execute');
  const e = runs.current;
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-linear-to-b from-slate-50 to-blue-50 px-4 py-10">
      <Link to="/" aria-label="NetGuard home">
        <Logo />
      </Link>
      <Card className="w-full max-w-2xl">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-xl">
            <FlaskConical className="size-5 text-primary" aria-hidden="true" />
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <PermissionButton
            reason={execute.reason}
            disabled={runs.running}
            onClick={() => runs.start(kind)}
          >
            <Play aria-hidden="true" /> {runs.running ? 'Running…' : `Run ${title}`}
          </PermissionButton>
          {e && (
            <Tabs defaultValue="basic">
              <TabsList>
                <TabsTrigger value="basic">Basic</TabsTrigger>
                <TabsTrigger value="advanced">Advanced</TabsTrigger>
              </TabsList>
              <TabsContent value="basic" className="space-y-2">
                <div className="flex items-center gap-3">
                  <Progress value={e.progress} aria-label="Test progress" className="flex-1" />
                  <span className="w-12 text-right text-sm tabular-nums">{e.progress}%</span>
                </div>
                <p className="text-sm text-muted-foreground">
                  {e.step} · {e.status}
                </p>
                <p className="text-sm" data-testid="execution-totals">
                  {totalsLine(e)}
                </p>
                {e.scores && (
                  <div>
                    <p className="text-xs text-muted-foreground">
                      Security suite scores, from its own tests only
                    </p>
                    <ScoreLines scores={e.scores} />
                  </div>
                )}
              </TabsContent>
              <TabsContent value="advanced">
                <ResultList results={e.results} />
              </TabsContent>
            </Tabs>
          )}
        </CardContent>
        <CardFooter className="justify-end">
          <Button variant="outline" asChild>
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
        </CardFooter>
      </Card>
    </main>
  );
}
