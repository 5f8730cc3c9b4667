import {
  type TComplianceFrameworkId,
  type TEvidenceItemView,
  type TEvidenceStatus,
  type TScheduleEvidenceCollection,
  ZAuditReadiness,
  ZComplianceDashboard,
  ZComplianceFrameworkList,
  ZComplianceReportList,
  ZComplianceReportSummary,
  ZEvidenceItemView,
  ZEvidenceKey,
  ZEvidenceList,
  ZEvidenceRun,
  ZEvidenceRunList,
  ZEvidenceSchedule,
  ZEvidenceScheduleList,
  ZEvidenceValidation,
} from '@netguard/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isRunActive } from '@/features/compliance-evidence/evidence-format';
import { evidenceKeys } from '@/features/compliance-evidence/evidence-keys';
import {
  EVIDENCE_TOASTS,
  FRAMEWORK_SHORT_NAMES,
} from '@/features/compliance-evidence/evidence-labels';
import { EVIDENCE_API } from '@/features/compliance-evidence/evidence-paths';
import { apiDownload, apiRequest, errorMessage } from '@/lib/api-client';

/** While a collection run is queued or running its state is read again this often. */
export const RUN_POLL_MS = 1_500;

/** Spec §8: a destructive toast titled "Error" with the spec's text and the server's reason. */
export const failedToast = (what: string) => (error: unknown) =>
  toast.error('Error', { description: `${what}: ${errorMessage(error)}` });

export function useComplianceDashboard(enabled: boolean) {
  return useQuery({
    queryKey: evidenceKeys.dashboard(),
    queryFn: ({ signal }) =>
      apiRequest(EVIDENCE_API.dashboard, { schema: ZComplianceDashboard, signal }),
    enabled,
  });
}

export function useComplianceFrameworks(enabled: boolean) {
  return useQuery({
    queryKey: evidenceKeys.frameworks(),
    queryFn: ({ signal }) =>
      apiRequest(EVIDENCE_API.frameworks, { schema: ZComplianceFrameworkList, signal }),
    enabled,
  });
}

/** The Evidence Items filter: a framework and a status, or all of either. */
export type TEvidenceFilter = {
  frameworkId: TComplianceFrameworkId | 'all';
  status: TEvidenceStatus | 'all';
};
const ITEMS_LIMIT = 500;

export function useEvidenceItems(filter: TEvidenceFilter, enabled: boolean) {
  const params = new URLSearchParams({ limit: String(ITEMS_LIMIT) });
  if (filter.frameworkId !== 'all') params.set('frameworkId', filter.frameworkId);
  if (filter.status !== 'all') params.set('status', filter.status);
  return useQuery({
    queryKey: evidenceKeys.items(filter),
    queryFn: ({ signal }) =>
      apiRequest(EVIDENCE_API.items(params.toString()), { schema: ZEvidenceList, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useComplianceReports(enabled: boolean) {
  return useQuery({
    queryKey: evidenceKeys.reports(),
    queryFn: ({ signal }) =>
      apiRequest(EVIDENCE_API.reports, { schema: ZComplianceReportList, signal }),
    enabled,
  });
}

export function useEvidenceSchedules(enabled: boolean) {
  return useQuery({
    queryKey: evidenceKeys.schedules(),
    queryFn: ({ signal }) =>
      apiRequest(EVIDENCE_API.schedules, { schema: ZEvidenceScheduleList, signal }),
    enabled,
  });
}

export function useEvidencePublicKey(enabled: boolean) {
  return useQuery({
    queryKey: evidenceKeys.publicKey(),
    queryFn: ({ signal }) => apiRequest(EVIDENCE_API.publicKey, { schema: ZEvidenceKey, signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** get-audit-readiness: valid automated evidence per requirement, and what expires in 30 days. */
export function useAuditReadiness(frameworkId: TComplianceFrameworkId) {
  return useQuery({
    queryKey: evidenceKeys.readiness(frameworkId),
    queryFn: ({ signal }) =>
      apiRequest(EVIDENCE_API.readiness(frameworkId), { schema: ZAuditReadiness, signal }),
  });
}

/** The newest collection runs, read again while one of them is queued or running. */
export function useEvidenceRuns(enabled: boolean) {
  return useQuery({
    queryKey: evidenceKeys.runs(),
    queryFn: ({ signal }) => apiRequest(EVIDENCE_API.runs, { schema: ZEvidenceRunList, signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.runs.some(isRunActive) ? RUN_POLL_MS : false),
  });
}

/** Everything the page shows changes when evidence does. */
export function useInvalidateEvidence() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: evidenceKeys.all });
}

/** Collect Evidence: queues a durable collection run for a framework (or one requirement). */
export function useCollectEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { frameworkId: TComplianceFrameworkId; requirementId?: string }) =>
      apiRequest(EVIDENCE_API.collect, {
        method: 'POST',
        body: { ...body, timestamp: new Date().toISOString() },
        schema: ZEvidenceRun,
      }),
    onSuccess: (run, body) => {
      void queryClient.invalidateQueries({ queryKey: evidenceKeys.runs() });
      const scope = `${FRAMEWORK_SHORT_NAMES[body.frameworkId]}${body.requirementId ? ` ${body.requirementId}` : ''}`;
      toast.success(EVIDENCE_TOASTS.collectStarted, {
        description: `Collecting ${scope} evidence (run ${run.id.slice(0, 8)})`,
      });
    },
    onError: failedToast(EVIDENCE_TOASTS.collectFailed),
  });
}

/** Generate Report: the server builds the PDF and JSON; the list shows it when done. */
export function useGenerateReport() {
  const invalidate = useInvalidateEvidence();
  return useMutation({
    mutationFn: (frameworkId: TComplianceFrameworkId) =>
      apiRequest(EVIDENCE_API.reports, {
        method: 'POST',
        body: { frameworkId, timestamp: new Date().toISOString() },
        schema: ZComplianceReportSummary,
      }),
    onMutate: (frameworkId) => {
      toast.success(EVIDENCE_TOASTS.reportStarted, {
        id: `report-${frameworkId}`,
        description: `Building the ${FRAMEWORK_SHORT_NAMES[frameworkId]} report`,
      });
    },
    onSuccess: (report) => {
      invalidate();
      toast.success(EVIDENCE_TOASTS.reportStarted, {
        id: `report-${report.frameworkId}`,
        description: `${report.title} is ready in Compliance Reports`,
      });
    },
    onError: (error, frameworkId) => {
      toast.dismiss(`report-${frameworkId}`);
      failedToast(EVIDENCE_TOASTS.reportFailed)(error);
    },
  });
}

/** validate-evidence: recomputes the hash and checks expiry; says what it found. */
export function useValidateEvidence() {
  const invalidate = useInvalidateEvidence();
  return useMutation({
    mutationFn: (evidenceId: string) =>
      apiRequest(EVIDENCE_API.validate, {
        method: 'POST',
        body: { evidenceId, checkIntegrity: true, checkExpiration: true },
        schema: ZEvidenceValidation,
      }),
    onSuccess: (result) => {
      invalidate();
      if (result.tampered || result.expired)
        toast.error(result.tampered ? 'Evidence tampered' : 'Evidence expired', {
          description: result.reason,
        });
      else toast.success('Evidence verified', { description: result.reason });
    },
    onError: failedToast('Failed to validate evidence'),
  });
}

export function useReviewEvidence() {
  const invalidate = useInvalidateEvidence();
  return useMutation({
    mutationFn: (item: TEvidenceItemView) =>
      apiRequest(EVIDENCE_API.review(item.id), { method: 'POST', schema: ZEvidenceItemView }),
    onSuccess: (item) => {
      invalidate();
      toast.success('Evidence reviewed', { description: item.title });
    },
    onError: failedToast('Failed to mark evidence reviewed'),
  });
}

export function useSetSchedule() {
  const invalidate = useInvalidateEvidence();
  return useMutation({
    mutationFn: (body: TScheduleEvidenceCollection) =>
      apiRequest(EVIDENCE_API.schedules, { method: 'PUT', body, schema: ZEvidenceSchedule }),
    onSuccess: (schedule) => {
      invalidate();
      toast.success('Schedule saved', {
        description: `${schedule.label}: ${schedule.enabled ? schedule.frequency : 'off'}`,
      });
    },
    onError: failedToast('Failed to save the collection schedule'),
  });
}

export function useUploadEvidence() {
  const invalidate = useInvalidateEvidence();
  return useMutation({
    mutationFn: ({ file, query }: { file: File; query: string }) =>
      apiRequest(EVIDENCE_API.upload(query), {
        method: 'POST',
        body: file,
        schema: ZEvidenceItemView,
      }),
    onSuccess: (item) => {
      invalidate();
      toast.success('Evidence uploaded', { description: `${item.title} waits for review` });
    },
    onError: failedToast('Failed to upload evidence'),
  });
}

/**
 * Downloads through the authenticated API, answering the response's headers; a failure is a
 * toast (and null), not an unhandled rejection.
 */
export async function downloadEvidence(
  path: string,
  fallbackName: string,
  request?: Parameters<typeof apiDownload>[2],
): Promise<Headers | null> {
  try {
    return await apiDownload(path, fallbackName, request);
  } catch (error) {
    toast.error('Error', { description: `Download failed: ${errorMessage(error)}` });
    return null;
  }
}
