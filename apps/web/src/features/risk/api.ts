import {
  type TRiskRange,
  ZPriorityQueue,
  ZRiskAssessmentList,
  ZRiskAssessmentRow,
  ZRiskInsights,
  ZRiskSummary,
  ZRiskTrend,
} from '@netguard/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** Scans and feed imports change the figures: re-read on a visit after half a minute. */
const RISK_STALE_MS = 30_000;

export const riskKeys = {
  all: ['risk'] as const,
  summary: (range: TRiskRange) => [...riskKeys.all, 'summary', range] as const,
  assessments: (range: TRiskRange) => [...riskKeys.all, 'assessments', range] as const,
  prioritization: () => [...riskKeys.all, 'prioritization'] as const,
  trends: (range: TRiskRange) => [...riskKeys.all, 'trends', range] as const,
  insights: (range: TRiskRange) => [...riskKeys.all, 'insights', range] as const,
  assessment: (vulnerabilityId: string) =>
    [...riskKeys.all, 'assessment', vulnerabilityId] as const,
};

/** A read of the page for one range; the previous range's data stays shown while it loads. */
function useRangeRead<T>(
  queryKey: readonly unknown[],
  path: string,
  range: TRiskRange,
  schema: z.ZodType<T>,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => apiRequest(`${path}?range=${range}`, { schema, signal }),
    placeholderData: keepPreviousData,
    staleTime: RISK_STALE_MS,
  });
}

/** The four summary cards of the range. */
export const useRiskSummary = (range: TRiskRange) =>
  useRangeRead(riskKeys.summary(range), '/api/risk/summary', range, ZRiskSummary);

/** The assessments computed in the range, with what names their vulnerabilities. */
export const useRiskAssessments = (range: TRiskRange) =>
  useRangeRead(riskKeys.assessments(range), '/api/risk/assessments', range, ZRiskAssessmentList);

/** Summed risk over time for the Trend Analysis chart. */
export const useRiskTrend = (range: TRiskRange) =>
  useRangeRead(riskKeys.trends(range), '/api/risk/trends', range, ZRiskTrend);

/** Statements computed from the range's data, each with the vulnerabilities behind it. */
export const useRiskInsights = (range: TRiskRange) =>
  useRangeRead(riskKeys.insights(range), '/api/risk/insights', range, ZRiskInsights);

/** The open vulnerabilities in working order (the queue is the present, not a range). */
export function usePriorityQueue() {
  return useQuery({
    queryKey: riskKeys.prioritization(),
    queryFn: ({ signal }) =>
      apiRequest('/api/risk/prioritization', { schema: ZPriorityQueue, signal }),
    staleTime: RISK_STALE_MS,
  });
}

/**
 * One assessment, read when its "Why" is opened: with a language model configured the server
 * writes the narrative on this read (once), so the card shows it from then on.
 */
export function useRiskAssessment(vulnerabilityId: string, enabled: boolean) {
  return useQuery({
    queryKey: riskKeys.assessment(vulnerabilityId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/risk/assessments/${encodeURIComponent(vulnerabilityId)}`, {
        schema: ZRiskAssessmentRow,
        signal,
      }),
    enabled,
    staleTime: RISK_STALE_MS,
  });
}
