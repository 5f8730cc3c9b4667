import type { TDryRun } from '@netguard/contracts';
import { Spinner } from '@/components/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { StepLog } from '@/features/remediation/components/StepLog';
import { UnifiedDiff } from '@/features/remediation/components/UnifiedDiff';

type Props = { dryRun: TDryRun | null; pending: boolean };

function Code({ text, label }: { text: string; label: string }) {
  return (
    <pre
      className="max-h-96 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs whitespace-pre"
      data-testid={`dry-run-${label}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard.
      tabIndex={0}
    >
      {text}
    </pre>
  );
}

/** What the apply would change (diffs), and how: the script, the playbook, or the API calls. */
export function DryRunView({ dryRun, pending }: Props) {
  if (!dryRun)
    return pending ? (
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" label="Computing the dry run" />
        Computing the dry run…
      </div>
    ) : null;
  const apiCalls = dryRun.apiCalls ?? [];
  return (
    <section className="min-w-0 space-y-2" aria-label="Dry run" data-testid="dry-run">
      <h3 className="text-sm font-semibold">Dry run</h3>
      <Tabs defaultValue="changes" className="min-w-0">
        <TabsList className="h-auto max-w-full flex-wrap justify-start">
          <TabsTrigger value="changes">Changes ({dryRun.diffs.length})</TabsTrigger>
          {dryRun.script && <TabsTrigger value="script">Shell script</TabsTrigger>}
          {dryRun.playbook && <TabsTrigger value="playbook">Ansible playbook</TabsTrigger>}
          {apiCalls.length > 0 && <TabsTrigger value="api">API calls</TabsTrigger>}
        </TabsList>
        <TabsContent value="changes" className="min-w-0 space-y-3">
          {!dryRun.changes && (
            <p className="text-sm text-muted-foreground" role="status">
              Nothing to change: the host already has the fixed configuration.
            </p>
          )}
          {dryRun.diffs.map((diff) => (
            <UnifiedDiff key={diff.target} target={diff.target} diff={diff.diff} />
          ))}
        </TabsContent>
        {dryRun.script && (
          <TabsContent value="script" className="min-w-0">
            <Code text={dryRun.script} label="script" />
          </TabsContent>
        )}
        {dryRun.playbook && (
          <TabsContent value="playbook" className="min-w-0">
            <Code text={dryRun.playbook} label="playbook" />
          </TabsContent>
        )}
        {apiCalls.length > 0 && (
          <TabsContent value="api" className="min-w-0">
            <Code
              label="api-calls"
              text={apiCalls
                .map((c) => `${c.call} ${JSON.stringify(c.params, null, 2)}`)
                .join('\n\n')}
            />
          </TabsContent>
        )}
      </Tabs>
      <StepLog title="Dry run log" steps={dryRun.log} />
    </section>
  );
}
