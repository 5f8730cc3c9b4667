// OCSF 1.3 Detection Finding events (class 2004, category 2 Findings), one per finding: what
// SIEMs and Amazon Security Lake ingest.
import type { CheckMeta, Finding, Provider, ScanResult, Severity } from '../types.ts';
import { fingerprintOf, metaIndex } from './common.ts';

export const OCSF_VERSION = '1.3.0';

const SEVERITY_ID: Record<Severity, number> = { info: 1, low: 2, medium: 3, high: 4, critical: 5 };
const SEVERITY_NAME: Record<Severity, string> = {
  info: 'Informational',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};
const CLOUD_PROVIDER: Record<Provider, string> = { aws: 'AWS', azure: 'Azure', gcp: 'GCP' };

/** One OCSF Detection Finding ("Create": a new finding of this scan). */
export function ocsfFinding(f: Finding, c: CheckMeta, time: number, version: string) {
  return {
    class_uid: 2004,
    class_name: 'Detection Finding',
    category_uid: 2,
    category_name: 'Findings',
    activity_id: 1,
    activity_name: 'Create',
    type_uid: 200401,
    type_name: 'Detection Finding: Create',
    severity_id: SEVERITY_ID[c.severity],
    severity: SEVERITY_NAME[c.severity],
    status_id: 1,
    status: 'New',
    time,
    message: f.detail,
    finding_info: {
      uid: fingerprintOf(f),
      title: c.title,
      desc: `${c.description} ${c.risk}`,
      types: [c.service, c.resourceType],
      analytic: { uid: c.id, name: c.id, type_id: 1, type: 'Rule' },
    },
    resources: [
      {
        uid: f.resourceId,
        type: f.resourceType,
        region: f.region,
        ...(f.provider === 'aws' ? { cloud_partition: 'aws' } : {}),
        data: f.evidence,
        ...(f.tags
          ? { tags: Object.entries(f.tags).map(([name, value]) => ({ name, value })) }
          : {}),
      },
    ],
    cloud: { provider: CLOUD_PROVIDER[f.provider], account: { uid: f.account }, region: f.region },
    remediation: { desc: `${c.remediation} ${c.cli}` },
    metadata: {
      version: OCSF_VERSION,
      product: {
        name: 'NetGuard',
        vendor_name: 'NetGuard',
        version,
        feature: { name: 'Cloud posture' },
      },
    },
    unmapped: {
      frameworks: c.frameworks,
      ...(f.publicAddresses ? { public_addresses: f.publicAddresses } : {}),
      ...(f.exposedPorts ? { exposed_ports: f.exposedPorts } : {}),
    },
  };
}

/** The findings of the results as OCSF events, timed at the end of their scan. */
export function toOcsf(
  results: readonly ScanResult[],
  checks: readonly CheckMeta[],
  version: string,
) {
  const meta = metaIndex(checks);
  return results.flatMap((r) =>
    r.findings.map((f) => ocsfFinding(f, meta(f.checkId), Date.parse(r.finishedAt), version)),
  );
}
