import {
  type TEvidenceRequestClose,
  type TEvidenceRequestCreate,
  ZEvidenceList,
  ZEvidenceRequest,
  ZEvidenceRequestList,
} from '@netguard/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { failedToast, useInvalidateEvidence } from '@/features/compliance-evidence/api';
import { evidenceKeys } from '@/features/compliance-evidence/evidence-keys';
import { EVIDENCE_API } from '@/features/compliance-evidence/evidence-paths';
import { apiRequest } from '@/lib/api-client';

/** Evidence requests, newest first (a granted auditor: those of the granted frameworks). */
export function useEvidenceRequests(enabled: boolean) {
  return useQuery({
    queryKey: evidenceKeys.requests(),
    queryFn: ({ signal }) =>
      apiRequest(EVIDENCE_API.requests, { schema: ZEvidenceRequestList, signal }),
    enabled,
  });
}

/** The evidence items that serve one requirement: what can fulfil a request for it. */
export function useRequirementEvidence(frameworkId: string, requirementId: string) {
  const query = new URLSearchParams({ frameworkId, requirementId, limit: '50' });
  return useQuery({
    queryKey: evidenceKeys.requirementItems(frameworkId, requirementId),
    queryFn: ({ signal }) =>
      apiRequest(EVIDENCE_API.items(query.toString()), { schema: ZEvidenceList, signal }),
  });
}

export function useCreateEvidenceRequest() {
  const invalidate = useInvalidateEvidence();
  return useMutation({
    mutationFn: (body: TEvidenceRequestCreate) =>
      apiRequest(EVIDENCE_API.requests, { method: 'POST', body, schema: ZEvidenceRequest }),
    onSuccess: (request) => {
      invalidate();
      toast.success('Evidence requested', {
        description: `${request.frameworkId}:${request.requirementId} waits for an administrator`,
      });
    },
    onError: failedToast('Failed to request evidence'),
  });
}

export function useCloseEvidenceRequest() {
  const invalidate = useInvalidateEvidence();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TEvidenceRequestClose }) =>
      apiRequest(EVIDENCE_API.closeRequest(id), { method: 'POST', body, schema: ZEvidenceRequest }),
    onSuccess: (request) => {
      invalidate();
      toast.success('Evidence request closed', {
        description: `${request.frameworkId}:${request.requirementId} ${request.status}`,
      });
    },
    onError: failedToast('Failed to close the evidence request'),
  });
}
