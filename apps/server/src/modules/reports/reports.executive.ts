import type { TVulnSeverity } from '@netguard/contracts';
import { countAddresses } from '@netguard/engine';
import { plural, REMEDIATION_TARGETS } from './reports.rules.ts';
import type { ReportSource, SourceVulnerability } from './reports.source.ts';

type SeverityCounts = Record<TVulnSeverity, number>;

/** The value that occurs most often, with its count. */
function mostCommon(values: string[]): [string, number] | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: [string, number] | null = null;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  return best;
}

/** Key findings, each a sentence drawn from the scans and their open issues. */
export function executiveFindings(source: ReportSource, open: SourceVulnerability[]): string[] {
  const addresses = countAddresses(source.scans.flatMap((s) => s.targetHosts));
  const findings = [
    `${plural(source.scans.length, 'completed scan')} covered ${plural(addresses, 'address', 'addresses')}; they found ${plural(source.vulnerabilities.length, 'distinct issue')}.`,
  ];
  if (open.length === 0)
    return [...findings, 'No issue is open: every finding is fixed or mitigated.'];
  const resolved = source.vulnerabilities.length - open.length;
  findings.push(`${plural(open.length, 'issue')} open, ${resolved} fixed or mitigated.`);
  const host = mostCommon(open.map((v) => v.host));
  if (host) findings.push(`Most affected host: ${host[0]} (${plural(host[1], 'open issue')}).`);
  const type = mostCommon(open.map((v) => v.vulnerabilityType));
  if (type) findings.push(`Most common issue type: ${type[0]} (${type[1]}).`);
  return findings;
}

/** One recommendation per open severity, with the guide's remediation target. */
export function executiveRecommendations(open: SeverityCounts): string[] {
  const steps = (Object.keys(REMEDIATION_TARGETS) as (keyof typeof REMEDIATION_TARGETS)[])
    .filter((severity) => open[severity] > 0)
    .map(
      (severity) =>
        `Remediate the ${plural(open[severity], `${severity} issue`)} ${REMEDIATION_TARGETS[severity]}.`,
    );
  return [...steps, 'Scan again after remediation to confirm the fixes.'];
}
