// A compliance report's content (generate-compliance-report): each requirement's status and
// reason, its evidence with hashes and observed times, the gaps, and a remediation timeline
// (the spec's 30-90 days: non-compliant first, then partial, then not assessed).
import { COMPLIANCE_STANDING_TEXT } from '@netguard/contracts';
import type { FrameworkAssessment } from './evidence.assess.ts';

const TIMELINE_DAYS = { non_compliant: 30, partially_compliant: 60, not_assessed: 90 } as const;

export type ComplianceReportContent = ReturnType<typeof reportContent>;

export function reportContent(
  a: FrameworkAssessment,
  now: Date,
  publicKey: { fingerprint: string } | null,
) {
  const byId = new Map(a.items.map((i) => [i.id, i]));
  const day = 86_400_000;
  return {
    format: 'netguard-compliance-report/1',
    framework: {
      id: a.framework.id,
      name: a.framework.name,
      version: a.framework.version,
      dataVersion: a.framework.dataVersion,
    },
    generatedAt: now.toISOString(),
    publicKeyFingerprint: publicKey?.fingerprint ?? null,
    statusCounts: a.counts,
    score: a.score,
    scoreDefinition: COMPLIANCE_STANDING_TEXT.scoreDefinition,
    requirements: a.requirements.map((r) => ({
      id: r.id,
      title: r.title,
      coverage: r.coverage,
      status: r.status,
      reason: r.reason,
      missing: r.missing,
      evidence: r.evidenceIds.flatMap((id) => {
        const item = byId.get(id);
        return item
          ? [
              {
                id,
                title: item.title,
                type: item.type,
                contentHash: item.contentHash,
                observedAt: item.observedAt,
                expiresAt: item.expiresAt,
              },
            ]
          : [];
      }),
    })),
    gaps: a.requirements
      .filter((r) => r.status in TIMELINE_DAYS)
      .map((r) => ({
        id: r.id,
        title: r.title,
        status: r.status,
        reason: r.reason,
        missing: r.missing,
      })),
    remediationTimeline: a.requirements
      .filter((r) => r.status in TIMELINE_DAYS)
      .map((r) => {
        const days = TIMELINE_DAYS[r.status as keyof typeof TIMELINE_DAYS];
        return {
          id: r.id,
          status: r.status,
          targetDays: days,
          targetDate: new Date(now.getTime() + days * day).toISOString().slice(0, 10),
        };
      })
      .sort((x, y) => x.targetDays - y.targetDays || (x.id < y.id ? -1 : 1)),
  };
}
