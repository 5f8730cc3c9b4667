// SARIF 2.1.0: one run per account scanned; a rule per check run (full description, help with
// the fix and its CLI command, security-severity, tags) and a result per finding, located at the
// resource, with a fingerprint stable across scans. Calls that failed are tool notifications.
import type { CheckMeta, Finding, ScanResult, Severity } from '../types.ts';
import { fingerprintOf, metaIndex, SECURITY_SEVERITY } from './common.ts';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
  info: 'note',
};

const frameworkTags = (c: CheckMeta) =>
  Object.entries(c.frameworks).flatMap(([framework, ids]) => ids.map((id) => `${framework}:${id}`));

function ruleOf(c: CheckMeta) {
  return {
    id: c.id,
    name: c.id,
    shortDescription: { text: c.title },
    fullDescription: { text: `${c.description} ${c.risk}` },
    help: {
      text: `${c.remediation}\n${c.cli}`,
      markdown: `**Remediation.** ${c.remediation}\n\n\`\`\`\n${c.cli}\n\`\`\``,
    },
    defaultConfiguration: { level: LEVEL[c.severity] },
    properties: {
      'security-severity': SECURITY_SEVERITY[c.severity],
      severity: c.severity,
      tags: ['security', 'cloud', c.provider, c.service, c.resourceType, ...frameworkTags(c)],
      frameworks: c.frameworks,
    },
  };
}

function resultOf(f: Finding, c: CheckMeta, ruleIndex: number) {
  return {
    ruleId: f.checkId,
    ruleIndex,
    level: LEVEL[c.severity],
    message: { text: f.detail },
    locations: [
      {
        physicalLocation: { artifactLocation: { uri: encodeURI(f.resourceId) } },
        logicalLocations: [{ fullyQualifiedName: f.resourceId, kind: f.resourceType }],
      },
    ],
    partialFingerprints: { 'netguard/cloud/v1': fingerprintOf(f) },
    properties: {
      provider: f.provider,
      account: f.account,
      region: f.region,
      resourceType: f.resourceType,
      severity: c.severity,
      'security-severity': SECURITY_SEVERITY[c.severity],
      evidence: f.evidence,
      ...(f.tags ? { tags: f.tags } : {}),
      ...(f.publicAddresses ? { publicAddresses: f.publicAddresses } : {}),
      ...(f.exposedPorts ? { exposedPorts: f.exposedPorts } : {}),
    },
  };
}

/** Writes the results as a SARIF 2.1.0 log. */
export function toSarif(results: readonly ScanResult[], checks: readonly CheckMeta[]): object {
  const meta = metaIndex(checks);
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: results.map((r) => {
      const rules = r.checksRun.map((id) => ruleOf(meta(id)));
      const index = new Map(rules.map((rule, i) => [rule.id, i]));
      return {
        tool: {
          driver: { name: 'NetGuard Cloud', rules },
        },
        automationDetails: { id: `netguard-cloud/${r.provider}/${r.account}/` },
        invocations: [
          {
            executionSuccessful: r.status !== 'partial',
            startTimeUtc: r.startedAt,
            endTimeUtc: r.finishedAt,
            toolExecutionNotifications: r.gaps.map((g) => ({
              level: 'warning',
              message: {
                text: `${g.service} ${g.operation} in ${g.region}: ${g.outcome} after ${g.attempts} attempt(s): ${g.message ?? ''}`,
              },
              properties: { ...g },
            })),
          },
        ],
        results: r.findings.map((f) => resultOf(f, meta(f.checkId), index.get(f.checkId) ?? -1)),
        properties: {
          provider: r.provider,
          account: r.account,
          status: r.status,
          regions: r.regions,
        },
      };
    }),
  };
}
