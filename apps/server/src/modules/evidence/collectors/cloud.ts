// Cloud posture as evidence: every cloud check of a provider the organization scanned in the
// last 30 days becomes an item for the framework controls the check maps to (packages/cloud's
// references, read onto the evidence catalogues), and the accounts' scan recency.
import { AWS_CHECKS, AZURE_CHECKS, GCP_CHECKS } from '@netguard/cloud';
import { type FrameworkId, findRequirement, type RequirementRef } from '@netguard/evidence';
import { sql } from 'drizzle-orm';
import { rows } from './query.ts';
import { type Collector, daysAgo, newest, refs, shareOutcome } from './types.ts';

const CHECKS = [...AWS_CHECKS, ...AZURE_CHECKS, ...GCP_CHECKS];
const FRAMEWORK_OF: Record<string, FrameworkId> = {
  soc2: 'soc2',
  iso27001: 'iso27001',
  nist_csf: 'nist',
  hipaa: 'hipaa',
  gdpr: 'gdpr',
};

/**
 * A cloud catalogue control id on the evidence catalogue: as it is, else its parent (GDPR
 * `Art. 32(1)(b)` → `Art. 32`, a HIPAA paragraph → its standard); CSF 1.1 ids have no 2.0 row.
 */
export function catalogueRef(framework: FrameworkId, id: string): RequirementRef | undefined {
  for (let candidate = id; candidate; ) {
    if (findRequirement(framework, candidate)) return { framework, id: candidate };
    const parent = candidate.replace(/\([^()]*\)$/, '');
    if (parent === candidate) return undefined;
    candidate = parent;
  }
  return undefined;
}

/** The evidence catalogue requirements a cloud check maps to, deduplicated. */
export function checkRequirements(frameworks: Record<string, string[]>): RequirementRef[] {
  const seen = new Map<string, RequirementRef>();
  for (const [key, ids] of Object.entries(frameworks)) {
    const framework = FRAMEWORK_OF[key];
    if (!framework) continue;
    for (const id of ids) {
      const ref = catalogueRef(framework, id);
      if (ref) seen.set(`${ref.framework}:${ref.id}`, ref);
    }
  }
  return [...seen.values()];
}

const CLOUD_REQUIREMENTS = (() => {
  const all = new Map<string, RequirementRef>();
  for (const c of CHECKS)
    for (const r of checkRequirements(c.frameworks)) all.set(`${r.framework}:${r.id}`, r);
  return [...all.values()];
})();

export const cloudPosture: Collector = {
  id: 'cloud_posture',
  version: '1.0.0',
  type: 'cloud_posture_check',
  title: 'Cloud posture checks',
  coverage: 'cloud',
  validDays: 7,
  requirements: CLOUD_REQUIREMENTS,
  async collect({ db, organizationId, now }) {
    const scanned = await rows<{ provider: string; last: string }>(
      db,
      sql`select provider::text as provider, max(finished_at) as last from cloud_scans
          where organization_id = ${organizationId} and status in ('passed', 'failed', 'partial')
            and finished_at >= ${daysAgo(now, 30)}
          group by provider`,
    );
    if (scanned.length === 0) return [];
    const open = await rows<{ check_id: string; n: string }>(
      db,
      sql`select f.check_id, count(*) as n from cloud_findings f join vulnerabilities v on v.id = f.vulnerability_id
          where f.organization_id = ${organizationId} and v.state = 'open' group by f.check_id`,
    );
    const openOf = new Map(open.map((r) => [r.check_id, Number(r.n)]));
    const lastOf = new Map(scanned.map((s) => [s.provider, new Date(s.last)]));
    return CHECKS.filter((c) => lastOf.has(c.provider)).flatMap((c) => {
      const requirements = checkRequirements(c.frameworks);
      if (requirements.length === 0) return [];
      const failing = openOf.get(c.id) ?? 0;
      return [
        {
          outcome: failing === 0 ? ('satisfied' as const) : ('not_satisfied' as const),
          observedAt: lastOf.get(c.provider) ?? now,
          summary:
            failing === 0
              ? `${c.title}: no open finding after the last ${c.provider} scan`
              : `${c.title}: ${failing} resources fail`,
          metadata: { checkId: c.id, provider: c.provider, severity: c.severity, failing },
          subject: { key: c.id, title: `Cloud check ${c.id}: ${c.title}`, requirements },
        },
      ];
    });
  },
};

export const cloudScanRecency: Collector = {
  id: 'cloud_scan_recency',
  version: '1.0.0',
  type: 'cloud_scan_result',
  title: 'Connected cloud accounts scanned in the last 7 days',
  coverage: 'cloud',
  validDays: 7,
  requirements: refs('soc2:CC7.1', 'iso27001:A.8.9', 'nist:DE.CM-09', 'nist:PR.PS-01'),
  async collect({ db, organizationId, now }) {
    const list = await rows<{ name: string; provider: string; last: string | null }>(
      db,
      sql`select c.name, c.provider::text as provider,
            (select max(s.finished_at) from cloud_scans s where s.connection_id = c.id
               and s.status in ('passed', 'failed', 'partial')) as last
          from cloud_connections c where c.organization_id = ${organizationId} order by c.name`,
    );
    const cut = daysAgo(now, 7).getTime();
    const recent = list.filter((c) => c.last && new Date(c.last).getTime() >= cut).length;
    return {
      outcome: list.length === 0 ? 'not_satisfied' : shareOutcome(recent, list.length),
      observedAt: newest(
        list.map((c) => c.last),
        now,
      ),
      summary:
        list.length === 0
          ? 'No cloud account is connected'
          : `${recent} of ${list.length} cloud accounts scanned in the last 7 days`,
      metadata: {
        connections: list.map((c) => ({
          name: c.name,
          provider: c.provider,
          lastScan: c.last ? new Date(c.last).toISOString() : null,
        })),
      },
    };
  },
};
