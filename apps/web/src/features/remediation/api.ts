import {
  REMEDIATION_TEXT,
  type TExecuteRemediation,
  type TExecution,
  type TRemediationHistoryQuery,
  type TValidatePlan,
  ZExecution,
  ZExecutionList,
  ZPlanValidation,
  ZRemediationActionList,
  ZRemediationEvidenceQuery,
  ZRemediationOverview,
  ZRollbackResult,
  ZVulnerabilityPage,
} from '@netguard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useFallbackRefetch } from '@/features/realtime/realtime-context';
import { isWorking } from '@/features/remediation/execution-state';
import { remediationKeys } from '@/features/remediation/remediation-keys';
import { apiQuery, DEFAULT_FILTERS } from '@/features/vulnerabilities/filters';
import { apiDownload, apiRequest, errorMessage } from '@/lib/api-client';

/** While an execution is being worked on, it is read again this often (the socket may be down). */
export const ACTIVE_POLL_MS = 3_000;
const VULNERABILITY_PICKER_LIMIT = 20;

export const REMEDIATION_API = {
  actions: '/api/remediation/actions',
  overview: '/api/remediation/overview',
  executions: '/api/remediation/executions',
  execution: (id: string) => `/api/remediation/executions/${encodeURIComponent(id)}`,
  approve: (id: string) => `/api/remediation/executions/${encodeURIComponent(id)}/approve`,
  cancel: (id: string) => `/api/remediation/executions/${encodeURIComponent(id)}/cancel`,
  rollback: (id: string) => `/api/remediation/executions/${encodeURIComponent(id)}/rollback`,
  validate: '/api/remediation/validate',
  hosts: '/api/remediation/hosts',
  host: (id: string) => `/api/remediation/hosts/${encodeURIComponent(id)}`,
  hostTest: (id: string) => `/api/remediation/hosts/${encodeURIComponent(id)}/test`,
  hostConfirmKey: (id: string) => `/api/remediation/hosts/${encodeURIComponent(id)}/confirm-key`,
  policy: '/api/remediation/policy',
  workflows: '/api/remediation/workflows',
  workflow: (id: string) => `/api/remediation/workflows/${encodeURIComponent(id)}`,
  batches: '/api/remediation/batches',
  evidenceExport: (format: TEvidenceFormat) =>
    `/api/remediation/evidence/export?format=${encodeURIComponent(format)}`,
};

/** jsonl, csv: the formats the evidence export offers. */
export const EVIDENCE_FORMATS = ZRemediationEvidenceQuery.shape.format.unwrap().options;
export type TEvidenceFormat = (typeof EVIDENCE_FORMATS)[number];

/** Downloads the verification evidence (admins and auditors); a failure is toasted. */
export async function exportEvidence(format: TEvidenceFormat): Promise<void> {
  try {
    await apiDownload(REMEDIATION_API.evidenceExport(format), `remediation-evidence.${format}`);
  } catch (error) {
    toast.error('Export failed', { description: errorMessage(error) });
  }
}

export const failed = (what: string) => (error: unknown) =>
  toast.error('Error', { description: `${what}: ${errorMessage(error)}` });

/** Summary cards, the executions being worked on and the policy; quick while any is working. */
export function useRemediationOverview(enabled = true) {
  const fallback = useFallbackRefetch();
  return useQuery({
    queryKey: remediationKeys.overview(),
    queryFn: ({ signal }) =>
      apiRequest(REMEDIATION_API.overview, { schema: ZRemediationOverview, signal }),
    refetchInterval: (query) =>
      query.state.data?.active.some(isWorking) ? ACTIVE_POLL_MS : fallback,
    enabled,
  });
}

/** The catalogue, or (with a vulnerability) the actions that fix that finding. */
export function useRemediationActions(vulnerabilityId?: string, enabled = true) {
  const query = vulnerabilityId ? `?vulnerabilityId=${encodeURIComponent(vulnerabilityId)}` : '';
  return useQuery({
    queryKey: remediationKeys.actions(vulnerabilityId),
    queryFn: ({ signal }) =>
      apiRequest(`${REMEDIATION_API.actions}${query}`, { schema: ZRemediationActionList, signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** History: the executions matching the filters, one page. */
export function useExecutionHistory(filters: TRemediationHistoryQuery, enabled = true) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return useQuery({
    queryKey: remediationKeys.history(filters),
    queryFn: ({ signal }) =>
      apiRequest(`${REMEDIATION_API.executions}?${params}`, { schema: ZExecutionList, signal }),
    placeholderData: (previous) => previous,
    enabled,
  });
}

/** One execution with its dry run, timeline and evidence; read again while it is being worked on. */
export function useExecution(id: string | null) {
  const fallback = useFallbackRefetch();
  return useQuery({
    queryKey: remediationKeys.execution(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(REMEDIATION_API.execution(id ?? ''), { schema: ZExecution, signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => {
      const execution = query.state.data;
      return execution && isWorking(execution) ? ACTIVE_POLL_MS : fallback;
    },
  });
}

/** Open findings for the execute flow's picker, by title, host or CVE. */
export function useOpenVulnerabilities(search: string, enabled: boolean) {
  const filters = { ...DEFAULT_FILTERS, state: 'open' as const, search };
  return useQuery({
    queryKey: remediationKeys.openVulnerabilities(search),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/vulnerabilities?${apiQuery(filters, { limit: VULNERABILITY_PICKER_LIMIT, offset: 0 })}`,
        { schema: ZVulnerabilityPage, signal },
      ),
    placeholderData: (previous) => previous,
    enabled,
  });
}

/** An execution changed: it, the lists and the cards are read again. */
function useExecutionChanged() {
  const queryClient = useQueryClient();
  return (execution: TExecution) => {
    queryClient.setQueryData(remediationKeys.execution(execution.id), execution);
    void queryClient.invalidateQueries({ queryKey: remediationKeys.executions() });
    void queryClient.invalidateQueries({ queryKey: remediationKeys.overview() });
  };
}

/** Execute: a proposal whose dry run a job computes (spec §8 toasts). */
export function useStartRemediation() {
  const changed = useExecutionChanged();
  return useMutation({
    mutationFn: (body: TExecuteRemediation) =>
      apiRequest(REMEDIATION_API.executions, { method: 'POST', body, schema: ZExecution }),
    onSuccess: (execution) => {
      changed(execution);
      toast.success(REMEDIATION_TEXT.started, { description: REMEDIATION_TEXT.startedDescription });
    },
    onError: failed(REMEDIATION_TEXT.startFailed),
  });
}

export function useApproveExecution() {
  const changed = useExecutionChanged();
  return useMutation({
    mutationFn: ({ id, acknowledgement }: { id: string; acknowledgement?: string }) =>
      apiRequest(REMEDIATION_API.approve(id), {
        method: 'POST',
        body: acknowledgement ? { acknowledgement } : {},
        schema: ZExecution,
      }),
    onSuccess: (execution) => {
      changed(execution);
      toast.success('Remediation approved', { description: execution.target });
    },
    onError: failed('Failed to approve remediation'),
  });
}

export function useCancelExecution() {
  const changed = useExecutionChanged();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(REMEDIATION_API.cancel(id), { method: 'POST', schema: ZExecution }),
    onSuccess: (execution) => {
      changed(execution);
      toast.success('Remediation cancelled', { description: execution.target });
    },
    onError: failed('Failed to cancel remediation'),
  });
}

export function useRollbackExecution() {
  const changed = useExecutionChanged();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(REMEDIATION_API.rollback(id), { method: 'POST', schema: ZRollbackResult }),
    onSuccess: ({ success, execution }) => {
      changed(execution);
      if (success) toast.success('Rollback started', { description: execution.target });
      else toast.error('Rollback failed', { description: execution.error ?? execution.target });
    },
    onError: failed('Failed to roll back remediation'),
  });
}

/** Checks a plan before it is proposed: each prerequisite met, unmet, or for a person to judge. */
/**
 * What the server says stands in the way of a plan as it is picked (its target, the action's
 * fit), without the prerequisites or a dry run: the SSH host a host action needs, above all.
 */
export function usePlanTarget(plan: { vulnerabilityId: string; actionId: string } | null) {
  return useQuery({
    queryKey: remediationKeys.plan(plan?.vulnerabilityId ?? '', plan?.actionId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(REMEDIATION_API.validate, {
        method: 'POST',
        body: { ...plan, checkPrerequisites: false, simulateDryRun: false },
        schema: ZPlanValidation,
        signal,
      }),
    enabled: plan !== null,
  });
}

export function useValidatePlan() {
  return useMutation({
    mutationFn: (body: TValidatePlan) =>
      apiRequest(REMEDIATION_API.validate, { method: 'POST', body, schema: ZPlanValidation }),
    onError: failed('Failed to check the plan'),
  });
}
