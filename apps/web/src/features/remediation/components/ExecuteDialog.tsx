import type { TRemediationAction, TRemediationPolicy } from '@netguard/contracts';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { ModalDialog } from '@/components/ModalDialog';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import {
  usePlanTarget,
  useRemediationActions,
  useStartRemediation,
  useValidatePlan,
} from '@/features/remediation/api';
import { ActionChoice } from '@/features/remediation/components/ActionChoice';
import { PlanCheck } from '@/features/remediation/components/PlanCheck';
import { START_BLOCKER_ID, StartBlocker } from '@/features/remediation/components/StartBlocker';
import { VulnerabilityPicker } from '@/features/remediation/components/VulnerabilityPicker';

/** Where Execute started: an action of the catalogue, or a vulnerability (its Remediate button). */
export type TExecuteRequest =
  | { action: TRemediationAction; vulnerabilityId?: undefined }
  | { action?: undefined; vulnerabilityId: string };

type Props = {
  request: TExecuteRequest | null;
  policy: TRemediationPolicy;
  onClose: () => void;
  onStarted: (executionId: string) => void;
  /** Leaves the flow for Configure Workflows, where SSH hosts are added. */
  onAddHost: () => void;
};

/** The execute flow: a finding and an action that fixes it, then a proposal with its dry run. */
export function ExecuteDialog({ request, policy, onClose, onStarted, onAddHost }: Props) {
  return (
    <ModalDialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={request?.action ? `Execute: ${request.action.name}` : 'Remediate vulnerability'}
      description="NetGuard computes a dry run first; nothing changes on the host until it is approved."
    >
      {request && (
        <ExecuteForm
          key={request.action?.id ?? request.vulnerabilityId}
          request={request}
          policy={policy}
          onCancel={onClose}
          onStarted={onStarted}
          onAddHost={onAddHost}
        />
      )}
    </ModalDialog>
  );
}

type FormProps = Pick<Props, 'policy' | 'onStarted' | 'onAddHost'> & {
  request: TExecuteRequest;
  onCancel: () => void;
};

function ExecuteForm({ request, policy, onCancel, onStarted, onAddHost }: FormProps) {
  const [vulnerabilityId, setVulnerabilityId] = useState(request.vulnerabilityId ?? null);
  const [actionId, setActionId] = useState(request.action?.id ?? null);
  const [dryRun, setDryRun] = useState(false);
  const [autoApprove, setAutoApprove] = useState(false);
  const fixing = useRemediationActions(vulnerabilityId ?? undefined, Boolean(vulnerabilityId));
  const start = useStartRemediation();
  const validate = useValidatePlan();
  const fixes = fixing.data?.actions;
  // The first action that can run is chosen until the user picks another.
  const chosenId =
    actionId ?? fixes?.find((action) => action.automationLevel !== 'manual_guided')?.id;
  const chosen = request.action ?? fixes?.find((action) => action.id === chosenId);
  const applicable = Boolean(chosen && fixes?.some((action) => action.id === chosen.id));
  const mayAutoApprove = policy.allowAutoApprove && chosen?.automationLevel === 'fully_automated';
  const ready =
    vulnerabilityId !== null && chosen && applicable && chosen.automationLevel !== 'manual_guided';
  const target = usePlanTarget(ready ? { vulnerabilityId, actionId: chosen.id } : null);
  const missingHost = target.data?.missingHost ?? null;
  const blocked = vulnerabilityId === null || missingHost !== null;

  const submit = () => {
    if (!ready || !vulnerabilityId || !chosen || missingHost) return;
    start.mutate(
      {
        vulnerabilityId,
        actionId: chosen.id,
        options: { dryRun, autoApprove: mayAutoApprove && autoApprove },
      },
      { onSuccess: (execution) => onStarted(execution.id) },
    );
  };

  const check = () => {
    if (!ready || !vulnerabilityId || !chosen) return;
    validate.mutate({
      vulnerabilityId,
      actionId: chosen.id,
      checkPrerequisites: true,
      simulateDryRun: false,
    });
  };
  // The answer shown is the one for the plan as it now stands.
  const asked = validate.variables;
  const checked =
    asked?.actionId === chosen?.id && asked?.vulnerabilityId === vulnerabilityId
      ? validate.data
      : undefined;

  return (
    <form
      className="min-w-0 space-y-4"
      aria-label="Start remediation"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {request.action ? (
        <>
          <VulnerabilityPicker
            value={vulnerabilityId}
            onChange={setVulnerabilityId}
            checkIds={request.action.fixes}
          />
          {vulnerabilityId && fixes && !applicable && (
            <p className="text-sm text-destructive" role="alert">
              {request.action.name} does not fix this finding: pick another vulnerability.
            </p>
          )}
        </>
      ) : (
        <ActionChoice actions={fixes} value={chosenId ?? null} onChange={setActionId} />
      )}
      <div className="space-y-3 rounded-md border p-3">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor="remediation-dry-run-only">Dry run only (never applied)</Label>
          <Switch id="remediation-dry-run-only" checked={dryRun} onCheckedChange={setDryRun} />
        </div>
        {mayAutoApprove && (
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor="remediation-auto-approve">Approve at once (fully automated)</Label>
            <Switch
              id="remediation-auto-approve"
              checked={autoApprove}
              onCheckedChange={setAutoApprove}
              disabled={dryRun}
            />
          </div>
        )}
      </div>
      {checked && <PlanCheck validation={checked} />}
      <StartBlocker
        unpicked={vulnerabilityId === null}
        missingHost={missingHost}
        onAddHost={onAddHost}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={start.isPending}>
          Cancel
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={check}
          disabled={!ready || validate.isPending}
          aria-describedby={blocked ? START_BLOCKER_ID : undefined}
        >
          Check Prerequisites
        </Button>
        <Button
          type="submit"
          disabled={!ready || missingHost !== null || start.isPending}
          aria-busy={start.isPending}
          aria-describedby={blocked ? START_BLOCKER_ID : undefined}
        >
          {start.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Start Remediation
        </Button>
      </div>
    </form>
  );
}
