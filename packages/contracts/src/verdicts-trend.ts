import { REPORT_RULES as R, type TREND_POSTURES } from './reports.ts';
import type { TVerdict } from './verdict.ts';

type Posture = (typeof TREND_POSTURES)[number];

/** What a trend period measured: issues new and resolved in it, open at its start and end. */
export type TTrendCounts = {
  added: number;
  resolved: number;
  openAtStart: number;
  openAtEnd: number;
};

/**
 * Trend posture: the period against the previous one. IMPROVING when fewer issues are open at its
 * end than at its start, DECLINING when more, STABLE when as many. The spec's threshold (part 2
 * §9: IMPROVING below 5 open issues, DECLINING above 20) is the reference when it disagrees.
 */
export function trendPosture(t: TTrendCounts): { posture: Posture; verdict: TVerdict } {
  const posture: Posture =
    t.openAtEnd < t.openAtStart
      ? 'IMPROVING'
      : t.openAtEnd > t.openAtStart
        ? 'DECLINING'
        : 'STABLE';
  const spec: Posture =
    t.openAtEnd < R.trendImprovingBelow
      ? 'IMPROVING'
      : t.openAtEnd > R.trendDecliningAbove
        ? 'DECLINING'
        : 'STABLE';
  return {
    posture,
    verdict: {
      name: 'Security posture',
      verdict: posture,
      inputs: [
        { label: 'Open at the start of the period', value: `${t.openAtStart}` },
        { label: 'New in the period', value: `${t.added}` },
        { label: 'Resolved in the period', value: `${t.resolved}` },
        { label: 'Open at the end of the period', value: `${t.openAtEnd}` },
      ],
      rule: `The last ${R.trendPeriodDays} days against the state before them: IMPROVING when fewer issues are open at the end than at the start, DECLINING when more, otherwise STABLE`,
      reference:
        spec === posture
          ? null
          : `the spec's threshold (IMPROVING below ${R.trendImprovingBelow} open issues, DECLINING above ${R.trendDecliningAbove}) gives ${spec} for ${t.openAtEnd} open, which ${t.added} new and ${t.resolved} resolved contradict`,
    },
  };
}
