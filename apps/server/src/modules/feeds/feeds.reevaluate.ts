import { DETECTION_QOD, type TDetection } from '@netguard/contracts';
import { compareDistroVersions, distroBuild, productKeyForName, riskScore } from '@netguard/engine';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  epssScores,
  kevEntries,
  threatMitigationActions,
  vulnerabilities,
  vulnerabilityEvents,
} from '../../db/schema.ts';
import type { FeedData } from './feeds.data.ts';

type Fix = FeedData['distributions'][number];
export type Reevaluated = { organizationId: string; vulnerabilityId: string };

const PRIORITY_ORDER = ['low', 'medium', 'high', 'urgent', 'immediate'] as const;
const OPEN_ACTIONS = ['pending', 'in_progress'] as const;

async function record(
  tx: Executor,
  v: { id: string; organizationId: string },
  kind: string,
  summary: string,
  details: Record<string, unknown>,
) {
  await tx.insert(vulnerabilityEvents).values({
    vulnerabilityId: v.id,
    organizationId: v.organizationId,
    kind,
    summary,
    details,
  });
}

/** A CVE newly in KEV: the risk of its open vulnerabilities rises and their actions become immediate. */
async function raiseForKev(tx: Executor, importId: string, cves: string[]): Promise<Reevaluated[]> {
  if (!cves.length) return [];
  const v = vulnerabilities;
  const rows = await tx
    .select({
      id: v.id,
      organizationId: v.organizationId,
      cveId: v.cveId,
      cvss: v.cvssScore,
      risk: v.riskScore,
    })
    .from(v)
    .where(and(eq(v.state, 'open'), inArray(v.cveId, cves)));
  const changed: Reevaluated[] = [];
  for (const row of rows) {
    const cve = row.cveId!;
    const [kev] = await tx.select().from(kevEntries).where(eq(kevEntries.cveId, cve));
    const [epss] = await tx
      .select()
      .from(epssScores)
      .where(eq(epssScores.cveId, cve))
      .orderBy(desc(epssScores.scoreDate))
      .limit(1);
    const before = row.risk ?? 0;
    const after = Math.max(
      before,
      riskScore({
        cvss: { score: row.cvss ?? before / 10 },
        kev: { date_added: kev?.dateAdded ?? undefined },
        epss: epss ? { score: epss.score, percentile: epss.percentile } : undefined,
      }),
    );
    const a = threatMitigationActions;
    const open = and(eq(a.vulnerabilityId, row.id), inArray(a.status, OPEN_ACTIONS));
    const actions = await tx.select({ priority: a.priority }).from(a).where(open);
    const was = actions
      .map((x) => x.priority)
      .sort((x, y) => PRIORITY_ORDER.indexOf(y) - PRIORITY_ORDER.indexOf(x))[0];
    await tx.update(a).set({ priority: 'immediate', updatedAt: new Date() }).where(open);
    await tx.update(v).set({ riskScore: after }).where(eq(v.id, row.id));
    const added = kev?.dateAdded ? ` on ${kev.dateAdded}` : '';
    const due = kev?.dueDate ? ` (CISA due date ${kev.dueDate})` : '';
    const priority = was ? `, priority immediate (was ${was})` : '';
    await record(
      tx,
      row,
      'priority_changed',
      `Listed in CISA KEV${added}${due}: risk ${before} → ${after}${priority}.`,
      {
        feed_import_id: importId,
        cve_id: cve,
        kev: { date_added: kev?.dateAdded ?? null, due_date: kev?.dueDate ?? null },
        risk: { before, after },
        priority: { before: was ?? null, after: was ? 'immediate' : null },
      },
    );
    changed.push({ organizationId: row.organizationId, vulnerabilityId: row.id });
  }
  return changed;
}

/**
 * The distribution package a stored service shows, read the way the scan engine reads it (the
 * first line of the banner: "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u10"); only builds whose release
 * and package version are known can be judged against a distribution's fix.
 */
function packageSeen(row: {
  product: string | null;
  version: string | null;
  banner: string | null;
}) {
  const key = productKeyForName(row.product ?? undefined);
  if (!key || !row.version) return null;
  const source = (row.banner ?? '').split(/\\x0d\\x0a|\\x0a|\r?\n/)[0] ?? '';
  const build = distroBuild({ key, version: row.version, source });
  if (!build?.version || !build.release) return null;
  return { ...build, key, release: build.release, version: build.version };
}

/**
 * A distribution fix for a CVE of an open vulnerability whose service banner shows that
 * distribution's package revision: at or past the fix (or not affected) it is not affected;
 * before the fix it is confirmed by the package revision.
 */
async function judgeByFixes(tx: Executor, importId: string, fixes: Fix[]): Promise<Reevaluated[]> {
  const byCve = new Map<string, Fix[]>();
  for (const fix of fixes) byCve.set(fix.cve_id, [...(byCve.get(fix.cve_id) ?? []), fix]);
  if (!byCve.size) return [];
  const { rows } = await tx.execute<{
    id: string;
    organization_id: string;
    cve_id: string;
    detection: TDetection | null;
    product: string | null;
    version: string | null;
    banner: string | null;
  }>(sql`
    select v.id, v.organization_id, v.cve_id, v.detection, s.product, s.version, s.banner
    from vulnerabilities v
    join lateral (
      select ss.product, ss.version, ss.banner from scan_services ss join scans sc on sc.id = ss.scan_id
      where sc.organization_id = v.organization_id and ss.host = v.host and ss.port = v.port
        and ss.protocol = v.protocol and ss.banner is not null
      order by (ss.scan_id = v.last_scan_id) desc, ss.created_at desc limit 1
    ) s on true
    where v.state = 'open' and v.cve_id in ${[...byCve.keys()]}`);
  const changed: Reevaluated[] = [];
  for (const row of rows) {
    const seen = packageSeen(row);
    if (!seen) continue;
    const fix = byCve
      .get(row.cve_id)
      ?.find(
        (f) =>
          f.distro === seen.distro &&
          f.product === seen.key &&
          f.release === seen.release &&
          (!seen.package || f.package === seen.package),
      );
    if (!fix) continue;
    const order = fix.fixed ? compareDistroVersions(seen.distro, seen.version, fix.fixed) : null;
    if (!fix.not_affected && order === null) continue;
    const label = seen.label;
    const notAffected = fix.not_affected || (order ?? -1) >= 0;
    const detail = fix.not_affected
      ? `${label} says its ${fix.package} package is not affected by ${row.cve_id}; the service shows ${seen.version}.`
      : `${label} fixed ${row.cve_id} in ${fix.package} ${fix.fixed}; the service shows ${seen.version}${notAffected ? '' : ', which is older'}.`;
    const detection: TDetection = {
      method: 'package_revision',
      qod: DETECTION_QOD.package_revision,
      detail,
      distribution: label,
    };
    if (!notAffected && row.detection?.method === 'package_revision') continue;
    const was = row.detection ? `${row.detection.qod}%` : 'unknown';
    await tx
      .update(vulnerabilities)
      .set({ detection, ...(notAffected ? { state: 'not_affected' as const } : {}) })
      .where(eq(vulnerabilities.id, row.id));
    const v = { id: row.id, organizationId: row.organization_id };
    await record(
      tx,
      v,
      notAffected ? 'status_changed' : 'confidence_changed',
      notAffected
        ? `${detail} Not affected (was open).`
        : `${detail} Confirmed by the package revision: confidence ${was} → ${detection.qod}%.`,
      { feed_import_id: importId, cve_id: row.cve_id, fix, seen, detection },
    );
    changed.push({ organizationId: v.organizationId, vulnerabilityId: v.id });
  }
  return changed;
}

/**
 * Re-evaluates the open vulnerabilities an import touches, writing each change to their history.
 * Returns them, for the risk assessment to be computed again.
 */
export async function reevaluate(
  tx: Executor,
  input: { importId: string; newKev: string[]; fixes: Fix[] },
): Promise<Reevaluated[]> {
  const raised = await raiseForKev(tx, input.importId, input.newKev);
  const judged = await judgeByFixes(tx, input.importId, input.fixes);
  return [...raised, ...judged];
}
