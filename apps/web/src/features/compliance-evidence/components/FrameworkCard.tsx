import {
  REQUIREMENT_STATUSES,
  type TComplianceFrameworkView,
  type TEvidenceRun,
} from '@netguard/contracts';
import { ChevronDown, FileText, RefreshCw } from 'lucide-react';
import { PermissionButton } from '@/components/PermissionButton';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Progress } from '@/components/ui/progress';
import { usePermission } from '@/features/auth/use-permission';
import { useCollectEvidence, useGenerateReport } from '@/features/compliance-evidence/api';
import { AuditReadiness } from '@/features/compliance-evidence/components/AuditReadiness';
import { RequirementStatusBadge } from '@/features/compliance-evidence/components/EvidenceBadges';
import { RequirementList } from '@/features/compliance-evidence/components/RequirementList';
import { formatScore } from '@/features/compliance-evidence/evidence-format';
import { formatCount, formatDateTime } from '@/lib/format';

type Props = {
  framework: TComplianceFrameworkView;
  /** A collection run of this framework that is queued or running, if any. */
  activeRun: TEvidenceRun | undefined;
};

/** A framework: its score and status counts, Collect Evidence, Generate Report, its requirements. */
export function FrameworkCard({ framework, activeRun }: Props) {
  const execute = usePermission('evidence', 'execute');
  const exportAllowed = usePermission('evidence', 'export');
  const collect = useCollectEvidence();
  const report = useGenerateReport();
  const collecting = Boolean(activeRun) || collect.isPending;
  const requirements = framework.requirements ?? [];
  return (
    <Card className="gap-4 py-5" data-testid="framework-card" data-framework={framework.id}>
      <CardHeader className="px-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 flex-1 space-y-1">
            <CardTitle className="text-lg">{framework.name}</CardTitle>
            <CardDescription>
              Version {framework.version} · {formatCount(framework.requirementCount)} requirements
            </CardDescription>
          </div>
          <div className="shrink-0 text-right">
            <div className="text-2xl font-bold" data-testid="framework-score">
              {formatScore(framework.score)}
            </div>
            <div className="text-xs text-muted-foreground">compliant of assessed</div>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">{framework.description}</p>
      </CardHeader>
      <CardContent className="space-y-4 px-5">
        {framework.score !== null && (
          <Progress value={framework.score} aria-label={`${framework.name} score`} />
        )}
        <ul className="flex flex-wrap gap-2" aria-label="Requirement statuses">
          {REQUIREMENT_STATUSES.map((status) => (
            <li key={status} className="flex items-center gap-1 text-sm">
              <RequirementStatusBadge status={status} />
              <span className="font-semibold" data-testid={`framework-count-${status}`}>
                {formatCount(framework.statusCounts[status])}
              </span>
            </li>
          ))}
        </ul>
        <AuditReadiness frameworkId={framework.id} />
        <p className="text-xs text-muted-foreground">
          {framework.lastCollectedAt
            ? `Last collected ${formatDateTime(framework.lastCollectedAt)}`
            : 'No evidence collected yet'}
          {activeRun && ` · Collection ${activeRun.status === 'queued' ? 'queued' : 'running'}…`}
        </p>
        <div className="flex flex-wrap gap-2">
          <PermissionButton
            reason={execute.reason}
            disabled={collecting}
            onClick={() => collect.mutate({ frameworkId: framework.id })}
          >
            <RefreshCw className={collecting ? 'animate-spin' : undefined} aria-hidden="true" />
            {collecting ? 'Collecting…' : 'Collect Evidence'}
          </PermissionButton>
          <PermissionButton
            variant="outline"
            reason={exportAllowed.reason}
            disabled={report.isPending}
            onClick={() => report.mutate(framework.id)}
          >
            <FileText aria-hidden="true" />
            {report.isPending ? 'Generating…' : 'Generate Report'}
          </PermissionButton>
        </div>
        {requirements.length > 0 && (
          <Collapsible>
            <CollapsibleTrigger className="group flex items-center gap-1 text-sm font-medium text-primary">
              <ChevronDown
                className="size-4 transition-transform group-data-[state=open]:rotate-180"
                aria-hidden="true"
              />
              Requirements ({formatCount(requirements.length)})
            </CollapsibleTrigger>
            <CollapsibleContent className="pt-2">
              <RequirementList frameworkId={framework.id} requirements={requirements} />
            </CollapsibleContent>
          </Collapsible>
        )}
      </CardContent>
    </Card>
  );
}
