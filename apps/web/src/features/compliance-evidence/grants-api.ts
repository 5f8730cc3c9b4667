import { type TAuditorGrantCreate, ZAuditorGrant, ZAuditorGrantList } from '@netguard/contracts';
import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { toast } from 'sonner';
import { failedToast } from '@/features/compliance-evidence/api';
import { evidenceKeys } from '@/features/compliance-evidence/evidence-keys';
import { FRAMEWORK_SHORT_NAMES } from '@/features/compliance-evidence/evidence-labels';
import { EVIDENCE_API } from '@/features/compliance-evidence/evidence-paths';
import { apiRequest } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

/** The organization's auditor grants, newest first (admins). */
export const auditorGrantsQuery = () =>
  queryOptions({
    queryKey: evidenceKeys.grants(),
    queryFn: ({ signal }) => apiRequest(EVIDENCE_API.grants, { schema: ZAuditorGrantList, signal }),
  });

const refreshGrants = (client: QueryClient) =>
  void client.invalidateQueries({ queryKey: evidenceKeys.grants() });

/** Grants a member with the auditor role one framework and an audit period until a date. */
export const createGrantMutation = (client: QueryClient) =>
  mutationOptions({
    mutationFn: (body: TAuditorGrantCreate) =>
      apiRequest(EVIDENCE_API.grants, { method: 'POST', body, schema: ZAuditorGrant }),
    onSuccess: (grant) => {
      refreshGrants(client);
      toast.success('Auditor access granted', {
        description: `${grant.email}: ${FRAMEWORK_SHORT_NAMES[grant.frameworkId]} until ${formatDateTime(grant.expiresAt)}`,
      });
    },
    onError: failedToast('Failed to grant auditor access'),
  });

/** Ends a grant now: the auditor no longer sees what it covered. */
export const revokeGrantMutation = (client: QueryClient) =>
  mutationOptions({
    mutationFn: (grant: { id: string; email: string }) =>
      apiRequest(EVIDENCE_API.grant(grant.id), { method: 'DELETE' }),
    onSuccess: (_, grant) => {
      refreshGrants(client);
      toast.success('Auditor access revoked', { description: grant.email });
    },
    onError: failedToast('Failed to revoke auditor access'),
  });

export const useAuditorGrants = () => useQuery(auditorGrantsQuery());
export const useCreateAuditorGrant = () => useMutation(createGrantMutation(useQueryClient()));
export const useRevokeAuditorGrant = () => useMutation(revokeGrantMutation(useQueryClient()));
