import type { TFinding, TMitigationAction } from '@netguard/contracts';
import {
  type AdvisoryIndex,
  type AdvisoryMatch,
  indexAdvisories,
  matchAdvisories,
} from '../../advisories/match.ts';
import { productLabel } from '../../advisories/products.ts';
import type { TAdvisory } from '../../advisories/schema.ts';
import { bundledAdvisories, type LoadOptions, loadAdvisories } from '../../advisories/store.ts';
import { describeRange } from '../../advisories/version.ts';
import type { Check, CheckContext } from '../../types.ts';
import { action, makeFinding } from '../finding.ts';

const ID = 'vulnerable-version';

/** Severity bands of CVSS v3/v4. */
export function severityFor(cvss: number): TFinding['severity'] {
  if (cvss >= 9) return 'critical';
  if (cvss >= 7) return 'high';
  if (cvss >= 4) return 'medium';
  return cvss > 0 ? 'low' : 'info';
}

/**
 * CVSS scaled to 0-100, raised for evidence of real-world exploitation: being in CISA's KEV
 * catalog weighs most, then a high EPSS probability.
 */
export function riskScore(advisory: Pick<TAdvisory, 'cvss' | 'kev' | 'epss'>): number {
  let risk = advisory.cvss.score * 10;
  if (advisory.kev) risk += 20;
  const epss = advisory.epss;
  if (epss && epss.score >= 0.5) risk += 15;
  else if (epss && (epss.score >= 0.1 || epss.percentile >= 0.95)) risk += 8;
  return Math.max(0, Math.min(100, Math.round(risk)));
}

const PRIORITY: Record<TFinding['severity'], TMitigationAction['priority']> = {
  critical: 'immediate',
  high: 'urgent',
  medium: 'high',
  low: 'medium',
  info: 'low',
};

const percent = (n: number) => `${(n * 100).toFixed(n < 0.01 ? 2 : 1)}%`;

/** An advisory text with `{port}` filled from the finding: texts never name a default port. */
const fillPort = (text: string, port: number) => text.replaceAll('{port}', String(port));

function describe({ advisory, product, range }: AdvisoryMatch, port: number): string {
  const label = productLabel(product.key);
  const parts = [
    `${label} ${product.version} is in the affected range ${describeRange(range)} of ${advisory.cve_id ?? advisory.id}.`,
    fillPort(advisory.summary, port),
  ];
  if (advisory.note) parts.push(`Note: ${fillPort(advisory.note, port)}`);
  if (advisory.kev)
    parts.push(
      `Listed in CISA's Known Exploited Vulnerabilities catalog${advisory.kev.date_added ? ` since ${advisory.kev.date_added}` : ''}: attackers are exploiting it.`,
    );
  if (advisory.epss)
    parts.push(
      `EPSS: ${percent(advisory.epss.score)} probability of exploitation in the next 30 days (percentile ${percent(advisory.epss.percentile)}).`,
    );
  if (advisory.cvss.vector) parts.push(`CVSS ${advisory.cvss.score} (${advisory.cvss.vector}).`);
  return parts.join(' ').slice(0, 4000);
}

function toFinding(ctx: CheckContext, match: AdvisoryMatch): TFinding {
  const { advisory, product, range } = match;
  const label = productLabel(product.key);
  const severity = severityFor(advisory.cvss.score);
  const name = advisory.cve_id ?? advisory.id;
  const headline = advisory.title ?? `Known vulnerability in ${label}`;
  const solution = fillPort(advisory.solution, ctx.port);
  const instructions = [
    solution.slice(0, 1000),
    `Confirm the installed version on the host (the scan saw ${label} ${product.version}).`,
    ...advisory.references.slice(0, 5).map((url) => `Advisory: ${url}`),
  ];
  const finding = makeFinding(ID, ctx, {
    title: `${name}: ${headline} (${label} ${product.version})`.slice(0, 300),
    severity,
    vulnerability_type: advisory.vulnerability_type ?? 'known_vulnerable_version',
    cve_id: advisory.cve_id,
    cvss: advisory.cvss.score,
    description: describe(match, ctx.port),
    solution,
    evidence: `${product.source}\nDetected ${label} ${product.version}; ${name} affects ${describeRange(range)}.`,
    mitigations: [
      action(
        'upgrade',
        advisory.kev ? 'immediate' : PRIORITY[severity],
        `Upgrade ${label} (${name})`,
        60,
        instructions,
        `Move ${label} off ${product.version} to a release outside ${describeRange(range)}.`,
      ),
    ],
  });
  return { ...finding, risk_score: riskScore(advisory) };
}

/**
 * A check that matches detected product versions against advisories (the bundled set by default).
 * @example createVulnerableVersionCheck(() => loadAdvisories({ file: 'data/advisories.json' }))
 */
export function createVulnerableVersionCheck(source: () => readonly TAdvisory[]): Check {
  let index: AdvisoryIndex | undefined;
  const matches = (ctx: CheckContext) => {
    index ??= indexAdvisories(source());
    return matchAdvisories(ctx.service, index);
  };
  return {
    id: ID,
    title: 'Known-vulnerable software version',
    appliesTo: (ctx) => Boolean(ctx.service.version || ctx.service.http?.headers.server),
    async run(ctx) {
      return matches(ctx).map((match) => toFinding(ctx, match));
    },
  };
}

/** The check over the bundled advisories. */
export const vulnerableVersion: Check = createVulnerableVersionCheck(bundledAdvisories);

/** The check list with this check reading `options` (a file, extra advisories) when given. */
export function withAdvisories(checks: readonly Check[], options: LoadOptions): readonly Check[] {
  if (!options.file && !options.advisories?.length) return checks;
  const advisories = loadAdvisories(options);
  const configured = createVulnerableVersionCheck(() => advisories);
  return checks.map((check) => (check.id === ID ? configured : check));
}
