import {
  type TRemediationHost,
  type TRemediationHostCreate,
  type TRemediationPolicy,
  type TRemediationWorkflow,
  type TRemediationWorkflowTemplate,
  ZHostTestResult,
  ZRemediationHost,
  ZRemediationHostList,
  ZRemediationPolicy,
  ZRemediationWorkflow,
  ZRemediationWorkflowList,
} from '@netguard/contracts';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { failed, REMEDIATION_API } from '@/features/remediation/api';
import { remediationKeys } from '@/features/remediation/remediation-keys';
import { apiRequest } from '@/lib/api-client';

// Hosts, workflows and the policy: every role that reads remediation sees them, admins change them.

function useInvalidate(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey });
}

export function useRemediationHosts(enabled = true) {
  return useQuery({
    queryKey: remediationKeys.hosts(),
    queryFn: ({ signal }) =>
      apiRequest(REMEDIATION_API.hosts, { schema: ZRemediationHostList, signal }),
    enabled,
  });
}

export function useCreateRemediationHost() {
  const invalidate = useInvalidate(remediationKeys.hosts());
  return useMutation({
    mutationFn: (body: TRemediationHostCreate) =>
      apiRequest(REMEDIATION_API.hosts, { method: 'POST', body, schema: ZRemediationHost }),
    onSuccess: (host) => {
      invalidate();
      toast.success('Host added', { description: host.name });
    },
    onError: failed('Failed to add host'),
  });
}

export function useDeleteRemediationHost() {
  const invalidate = useInvalidate(remediationKeys.hosts());
  return useMutation({
    mutationFn: (host: TRemediationHost) =>
      apiRequest(REMEDIATION_API.host(host.id), { method: 'DELETE' }),
    onSuccess: (_, host) => {
      invalidate();
      toast.success('Host deleted', { description: host.name });
    },
    onError: failed('Failed to delete host'),
  });
}

/** Connects over SSH and reports the host key it saw. */
export function useTestRemediationHost() {
  const invalidate = useInvalidate(remediationKeys.hosts());
  return useMutation({
    mutationFn: (host: TRemediationHost) =>
      apiRequest(REMEDIATION_API.hostTest(host.id), { method: 'POST', schema: ZHostTestResult }),
    onSuccess: (result, host) => {
      invalidate();
      const description = result.hostKeySha256
        ? `${result.message} (${result.hostKeySha256})`
        : result.message;
      if (result.ok) toast.success(`${host.name}: connection successful`, { description });
      else toast.error(`${host.name}: connection failed`, { description });
    },
    onError: failed('Failed to test host'),
  });
}

/** Pins the host key a person compared with the host's own fingerprint. */
export function useConfirmHostKey() {
  const invalidate = useInvalidate(remediationKeys.hosts());
  return useMutation({
    mutationFn: ({ host, hostKeySha256 }: { host: TRemediationHost; hostKeySha256: string }) =>
      apiRequest(REMEDIATION_API.hostConfirmKey(host.id), {
        method: 'POST',
        body: { hostKeySha256 },
        schema: ZRemediationHost,
      }),
    onSuccess: (host) => {
      invalidate();
      toast.success('Host key confirmed', { description: `${host.name}: ${host.hostKeySha256}` });
    },
    onError: failed('Failed to confirm the host key'),
  });
}

export function useRemediationPolicy(enabled = true) {
  return useQuery({
    queryKey: remediationKeys.policy(),
    queryFn: ({ signal }) =>
      apiRequest(REMEDIATION_API.policy, { schema: ZRemediationPolicy, signal }),
    enabled,
  });
}

export function useUpdateRemediationPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRemediationPolicy) =>
      apiRequest(REMEDIATION_API.policy, { method: 'PUT', body, schema: ZRemediationPolicy }),
    onSuccess: (policy) => {
      queryClient.setQueryData(remediationKeys.policy(), policy);
      void queryClient.invalidateQueries({ queryKey: remediationKeys.overview() });
      toast.success('Remediation policy saved');
    },
    onError: failed('Failed to save remediation policy'),
  });
}

export function useRemediationWorkflows(enabled = true) {
  return useQuery({
    queryKey: remediationKeys.workflows(),
    queryFn: ({ signal }) =>
      apiRequest(REMEDIATION_API.workflows, { schema: ZRemediationWorkflowList, signal }),
    enabled,
  });
}

export function useCreateWorkflow() {
  const invalidate = useInvalidate(remediationKeys.workflows());
  return useMutation({
    mutationFn: (template: TRemediationWorkflowTemplate) =>
      apiRequest(REMEDIATION_API.workflows, {
        method: 'POST',
        body: { template },
        schema: ZRemediationWorkflow,
      }),
    onSuccess: (workflow) => {
      invalidate();
      toast.success('Workflow created', { description: workflow.name });
    },
    onError: failed('Failed to create workflow'),
  });
}

export function useUpdateWorkflow() {
  const invalidate = useInvalidate(remediationKeys.workflows());
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<TRemediationWorkflowTemplate> }) =>
      apiRequest(REMEDIATION_API.workflow(id), {
        method: 'PATCH',
        body,
        schema: ZRemediationWorkflow,
      }),
    onSuccess: (workflow) => {
      invalidate();
      toast.success(workflow.enabled ? 'Workflow enabled' : 'Workflow disabled', {
        description: workflow.name,
      });
    },
    onError: failed('Failed to update workflow'),
  });
}

export function useDeleteWorkflow() {
  const invalidate = useInvalidate(remediationKeys.workflows());
  return useMutation({
    mutationFn: (workflow: TRemediationWorkflow) =>
      apiRequest(REMEDIATION_API.workflow(workflow.id), { method: 'DELETE' }),
    onSuccess: (_, workflow) => {
      invalidate();
      toast.success('Workflow deleted', { description: workflow.name });
    },
    onError: failed('Failed to delete workflow'),
  });
}
