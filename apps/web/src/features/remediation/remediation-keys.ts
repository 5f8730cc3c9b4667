import type { TRemediationHistoryQuery } from '@netguard/contracts';

/** Query keys of the Automated Remediation page. Every execution query is under executions(). */
export const remediationKeys = {
  all: ['remediation'] as const,
  overview: () => [...remediationKeys.all, 'overview'] as const,
  actions: (vulnerabilityId?: string) =>
    [...remediationKeys.all, 'actions', vulnerabilityId ?? 'all'] as const,
  executions: () => [...remediationKeys.all, 'executions'] as const,
  history: (query: TRemediationHistoryQuery) =>
    [...remediationKeys.executions(), 'history', query] as const,
  execution: (id: string) => [...remediationKeys.executions(), 'detail', id] as const,
  hosts: () => [...remediationKeys.all, 'hosts'] as const,
  /** A plan's target check, under hosts(): adding or deleting a host reads it again. */
  plan: (vulnerabilityId: string, actionId: string) =>
    [...remediationKeys.hosts(), 'plan', vulnerabilityId, actionId] as const,
  policy: () => [...remediationKeys.all, 'policy'] as const,
  workflows: () => [...remediationKeys.all, 'workflows'] as const,
  batches: () => [...remediationKeys.all, 'batches'] as const,
  /** The batch dialog's choice: open findings that name a check. */
  batchVulnerabilities: () => [...remediationKeys.all, 'batch-vulnerabilities'] as const,
  openVulnerabilities: (search: string) =>
    [...remediationKeys.all, 'open-vulnerabilities', search] as const,
};
