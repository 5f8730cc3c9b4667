import { RISK_FORMULA, SSVC_OUTCOME_LABELS } from '@netguard/contracts';
import type { AssessFacts } from './assess.ts';
import { upstreamOnlyText } from './detection.ts';
import type { SsvcStep } from './ssvc/decide.ts';

export const outcomeLabel = (o: keyof typeof SSVC_OUTCOME_LABELS | null) =>
  o ? SSVC_OUTCOME_LABELS[o] : 'undecided';

const MULTIPLIER_NAMES = {
  external_exposure: 'external exposure',
  critical_assets: 'critical asset',
  critical_business: 'critical business',
  exploit_available: 'exploit available',
} as const;

function pathText(path: SsvcStep[]): string {
  return path.map((s) => `${s.point} ${s.value}`).join(', ');
}

/** The reasoning of an assessment, sentence by sentence, from its own data. */
export function reasoningOf(f: AssessFacts): string {
  const { factors, formula, coordinator, deployer, inputs } = f;
  const parts: string[] = [];
  parts.push(
    factors.base
      ? `Starts from ${factors.base.source} = ${Math.round(factors.base.value * 10) / 10}.`
      : 'No CVSS or risk score is known: starts from 0.',
  );
  const others = f.cvss.others.map((o) => `CVSS ${o.version} base ${o.base_score} (${o.vector})`);
  if (others.length)
    parts.push(
      `Also known, not scored: ${others.join('; ')}; the score starts from ${f.cvss.parsed ? `the CVSS ${f.cvss.parsed.version} vector, as the advisory gives it first` : "the finding's score"}.`,
    );
  const applied = formula.multipliers.filter((m) => m.applied);
  parts.push(
    applied.length
      ? `Multiplied by ${applied.map((m) => `${m.factor} for ${MULTIPLIER_NAMES[m.name]} (${m.reason})`).join('; ')}.`
      : 'No multiplier applies.',
  );
  const capped = formula.riskScore === RISK_FORMULA.cap && applied.length ? ' (capped)' : '';
  parts.push(
    `Score ${formula.riskScore}${capped}: ${formula.riskLevel} risk, ${formula.mitigationUrgency} urgency.`,
  );
  parts.push(
    `SSVC coordinator (CISA): ${outcomeLabel(coordinator.outcome)} from ${pathText(coordinator.path)}.`,
  );
  parts.push(
    `SSVC deployer (CERT/CC): ${outcomeLabel(deployer.outcome)} from ${pathText(deployer.path)}.`,
  );
  const detection = f.input.detection;
  if (detection)
    parts.push(
      `Detection: ${detection.method.replaceAll('_', ' ')}, QoD ${detection.qod}%${detection.distribution ? ` on ${detection.distribution}` : ''}.`,
    );
  const upstreamOnly = upstreamOnlyText(detection, f.input.vulnerability.cve_id);
  if (upstreamOnly) parts.push(upstreamOnly);
  const weak = inputs
    .filter((i) => !i.fresh)
    .map((i) => (i.present ? `${i.name} (stale)` : i.name));
  const fresh = inputs.length - weak.length;
  parts.push(
    `${fresh} of ${inputs.length} inputs present and fresh${weak.length ? `; missing or stale: ${weak.join(', ')}` : ''}.`,
  );
  return parts.join(' ').slice(0, 4000);
}

/** What to do, each line from a fact of this assessment. */
export function recommendationsOf(f: AssessFacts): string[] {
  const { input, deployer } = f;
  const v = input.vulnerability;
  const where = v.port === null ? v.host : `${v.host}:${v.port}`;
  const out: string[] = [];
  if (v.solution) out.push(v.solution);
  if (input.kev?.due_date)
    out.push(
      `CISA KEV due date ${input.kev.due_date}: remediate ${v.cve_id ?? 'it'} by then${input.kev.ransomware ? ' (known ransomware use)' : ''}.`,
    );
  if (deployer.outcome === 'immediate' || deployer.outcome === 'out_of_cycle')
    out.push(
      `Deploy the fix ${deployer.outcome === 'immediate' ? 'immediately' : 'out of cycle'} (SSVC deployer: ${outcomeLabel(deployer.outcome)}).`,
    );
  if (f.factors.externalExposure.applied)
    out.push(`Restrict access to ${where} from outside networks until it is fixed.`);
  const d = input.detection;
  if (d?.method === 'upstream_version' && d.distribution)
    out.push(
      `Check the installed package revision on ${v.host}: the match rests on the upstream version of a ${d.distribution} build, whose backported fixes are invisible.`,
    );
  if (!input.asset)
    out.push(
      `Set the criticality and mission of ${v.host} so the decision does not rest on assumptions.`,
    );
  const epss = f.inputs.find((i) => i.name === 'EPSS');
  if (epss?.present && !epss.fresh)
    out.push(`Import a current EPSS feed: the score is from ${epss.as_of}.`);
  if (v.cve_id && !f.cvss.parsed)
    out.push(
      `No usable CVSS vector for ${v.cve_id}: import its NVD record to decide Technical Impact.`,
    );
  return out.map((line) => line.slice(0, 500)).slice(0, 20);
}
