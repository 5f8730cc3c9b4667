import { DISTRO_UPSTREAM_QOD, type TFinding, type TMitigationAction } from '@netguard/contracts';
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

/** Where the match came from, in a sentence that claims no more than the method knows. */
function basis({ advisory, product, range, fix, build, detection }: AdvisoryMatch): string {
  const name = advisory.cve_id ?? advisory.id;
  const label = `${productLabel(product.key)} ${product.version}`;
  if (fix) return detection.detail;
  const inside = `${label} is in the affected range ${describeRange(range!)} of ${name}`;
  if (!build) return `${inside}.`;
  return `Possibly affected: ${inside}, but this is a ${build.label} build and the distribution may have backported the fix; only the package changelog on the host can confirm it.`;
}

function describe(match: AdvisoryMatch, port: number): string {
  const { advisory } = match;
  const parts = [basis(match), fillPort(advisory.summary, port)];
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

/** "(OpenSSH 9.6p1)", "(OpenSSH 9.2p1, Debian 12 package 1:9.2p1-2+deb12u2)", "(Apache httpd 2.4.49 on Debian)". */
function seenAs({ product, build, fix }: AdvisoryMatch): string {
  const label = `${productLabel(product.key)} ${product.version}`;
  if (fix && build) return `${label}, ${build.label} package ${build.version}`;
  return build ? `${label} on ${build.label}` : label;
}

/** What to move to: the distribution's fixed package, or a release outside the upstream range. */
function upgradeTarget({ product, build, fix, range }: AdvisoryMatch): string {
  const label = productLabel(product.key);
  if (fix && build)
    return fix.fixed
      ? `Install ${build.label}'s ${build.package} package ${fix.fixed} or later (the host runs ${build.version}).`
      : `${build.label} has no fixed ${build.package} package yet: apply the advisory's workaround and watch for the update.`;
  return `Move ${label} off ${product.version} to a release outside ${describeRange(range!)}.`;
}

function toFinding(ctx: CheckContext, match: AdvisoryMatch): TFinding {
  const { advisory, product, detection } = match;
  const label = productLabel(product.key);
  const severity = severityFor(advisory.cvss.score);
  const name = advisory.cve_id ?? advisory.id;
  const headline = advisory.title ?? `Known vulnerability in ${label}`;
  const possible = detection.qod === DISTRO_UPSTREAM_QOD ? 'Possible ' : '';
  const solution = fillPort(advisory.solution, ctx.port);
  const instructions = [
    solution.slice(0, 1000),
    `Confirm the installed version on the host (the scan saw ${seenAs(match)}).`,
    ...advisory.references.slice(0, 5).map((url) => `Advisory: ${url}`),
  ];
  const finding = makeFinding(ID, ctx, {
    title: `${possible}${name}: ${headline} (${seenAs(match)})`.slice(0, 300),
    severity,
    vulnerability_type: advisory.vulnerability_type ?? 'known_vulnerable_version',
    cve_id: advisory.cve_id,
    cvss: advisory.cvss.score,
    description: describe(match, ctx.port),
    solution,
    evidence: `${product.source}\n${detection.detail}`,
    mitigations: [
      action(
        'upgrade',
        advisory.kev ? 'immediate' : PRIORITY[severity],
        `Upgrade ${label} (${name})`,
        60,
        instructions,
        upgradeTarget(match),
      ),
    ],
    detection,
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
  const configured = options.file ? configuredCheck(options) : checkForList(options.advisories!);
  return checks.map((check) => (check.id === ID ? configured : check));
}

function configuredCheck(options: LoadOptions): Check {
  const advisories = loadAdvisories(options);
  return createVulnerableVersionCheck(() => advisories);
}

// A server passes the same list to every engine it creates (one per scan chunk) until its feeds
// change: validate and index it once, not per chunk (250,000 advisories take seconds).
const checksByList = new WeakMap<readonly TAdvisory[], Check>();

function checkForList(list: readonly TAdvisory[]): Check {
  let check = checksByList.get(list);
  if (!check) {
    check = configuredCheck({ advisories: list });
    checksByList.set(list, check);
  }
  return check;
}
