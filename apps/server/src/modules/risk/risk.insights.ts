import type { TRiskInsight } from '@netguard/contracts';
import { EPSS_POC_THRESHOLD } from '@netguard/risk';
import type { AssessedRow } from './risk.repo.ts';

const MAX_IDS = 200;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const hostsOf = (rows: AssessedRow[]) => [...new Set(rows.map((r) => r.host))];

function insight(
  id: string,
  title: string,
  rows: AssessedRow[],
  statement: (rows: AssessedRow[]) => string,
): TRiskInsight[] {
  if (!rows.length) return [];
  return [
    {
      id,
      title,
      statement: statement(rows).slice(0, 1000),
      vulnerability_ids: rows.slice(0, MAX_IDS).map((r) => r.assessment.vulnerability_id),
    },
  ];
}

export type EpssPoint = { cveId: string; date: string; score: number };

/**
 * CVEs whose EPSS crossed the exploitation threshold within the range: the first score of the
 * range below it, the last at or above it. "CVE-X rose from 0.02 on d1 to 0.41 on d2".
 */
export function epssCrossings(history: EpssPoint[]): Map<string, string> {
  const byCve = new Map<string, EpssPoint[]>();
  for (const p of history) byCve.set(p.cveId, [...(byCve.get(p.cveId) ?? []), p]);
  const out = new Map<string, string>();
  for (const [cve, points] of byCve) {
    const first = points[0];
    const last = points.at(-1);
    if (first && last && first.score < EPSS_POC_THRESHOLD && last.score >= EPSS_POC_THRESHOLD)
      out.set(
        cve,
        `${cve} rose from ${first.score} on ${first.date} to ${last.score} on ${last.date}`,
      );
  }
  return out;
}

/** Statements computed from the assessments in the range, each with the vulnerabilities behind it. */
export function insightsOf(rows: AssessedRow[], epssHistory: EpssPoint[] = []): TRiskInsight[] {
  const crossings = epssCrossings(epssHistory);
  const rising = rows.filter((r) => r.cveId && crossings.has(r.cveId));
  const kev = rows.filter((r) => r.assessment.kev);
  const urgent = rows.filter(
    (r) => r.assessment.ssvc.coordinator === 'act' || r.assessment.ssvc.deployer === 'immediate',
  );
  const external = rows.filter((r) =>
    r.assessment.multipliers.some((m) => m.name === 'external_exposure' && m.applied),
  );
  const epss = rows
    .filter((r) => !r.assessment.kev && (r.assessment.epss?.score ?? 0) >= EPSS_POC_THRESHOLD)
    .sort((x, y) => (y.assessment.epss?.score ?? 0) - (x.assessment.epss?.score ?? 0));
  const upstream = rows.filter((r) => r.assessment.detection?.method === 'upstream_version');
  const noContext = rows.filter((r) =>
    r.assessment.inputs.some((i) => i.name === 'Asset context' && !i.present),
  );
  return [
    ...insight(
      'act-now',
      'Act now',
      urgent,
      (r) =>
        `${plural(r.length, 'vulnerability', 'vulnerabilities')} on ${plural(hostsOf(r).length, 'host')} reached SSVC Act or Immediate: ${hostsOf(r).slice(0, 5).join(', ')}.`,
    ),
    ...insight('known-exploited', 'Known exploited', kev, (r) => {
      const due = r
        .map((x) => x.assessment.kev?.due_date)
        .filter((d): d is string => !!d)
        .sort()[0];
      return `${plural(r.length, 'open vulnerability', 'open vulnerabilities')} ${r.length === 1 ? 'is' : 'are'} in CISA's KEV catalog${due ? `; the earliest due date is ${due}` : ''}.`;
    }),
    ...insight(
      'externally-exposed',
      'Externally exposed',
      external,
      (r) =>
        `${plural(r.length, 'vulnerability', 'vulnerabilities')} sit on externally reachable hosts: ${hostsOf(r).slice(0, 5).join(', ')}.`,
    ),
    ...insight('likely-exploited', 'Likely to be exploited', epss, (r) => {
      const top = r[0]?.assessment;
      return `${plural(r.length, 'vulnerability', 'vulnerabilities')} not in KEV have an EPSS probability of at least ${EPSS_POC_THRESHOLD}; the highest is ${r[0]?.cveId ?? r[0]?.title} at ${top?.epss?.score}.`;
    }),
    ...insight('epss-rising', 'Exploitation probability rising', rising, (r) => {
      const lines = [...new Set(r.map((x) => crossings.get(x.cveId ?? '')))];
      return `EPSS crossed ${EPSS_POC_THRESHOLD} in this range: ${lines.slice(0, 5).join('; ')}.`;
    }),
    ...insight(
      'upstream-only',
      'Unconfirmed by package revision',
      upstream,
      (r) =>
        `${plural(r.length, 'finding')} rest on the upstream version only; backported fixes are invisible, so check the installed package revisions.`,
    ),
    ...insight(
      'no-asset-context',
      'Hosts without context',
      noContext,
      (r) =>
        `${plural(r.length, 'vulnerability', 'vulnerabilities')} on ${plural(hostsOf(r).length, 'host')} have no asset context: their SSVC decisions rest on the stated default assumption.`,
    ),
  ];
}
