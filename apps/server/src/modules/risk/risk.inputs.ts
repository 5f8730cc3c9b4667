import type { TDetection, TVulnSeverity } from '@netguard/contracts';
import { bundledAdvisories } from '@netguard/engine';
import type { AssessInput } from '@netguard/risk';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  advisories,
  assetContexts,
  cloudFindings,
  epssScores,
  feedImports,
  kevEntries,
  ssvcEntries,
  vulnerabilities,
} from '../../db/schema.ts';
import { type ReachFacts, reachabilityOf } from '../cloud/cloud.reach.ts';

type Vulnerability = {
  id: string;
  title: string;
  host: string;
  port: number | null;
  cveId: string | null;
  cvssScore: number | null;
  riskScore: number | null;
  solution: string | null;
  severity: TVulnSeverity;
  detection: TDetection | null;
};

/** The organization's open vulnerabilities, all or the listed ones. */
export function openVulnerabilities(db: Executor, organizationId: string, ids?: string[]) {
  return db
    .select({
      id: vulnerabilities.id,
      title: vulnerabilities.title,
      host: vulnerabilities.host,
      port: vulnerabilities.port,
      cveId: vulnerabilities.cveId,
      cvssScore: vulnerabilities.cvssScore,
      riskScore: vulnerabilities.riskScore,
      solution: vulnerabilities.solution,
      severity: vulnerabilities.severity,
      detection: vulnerabilities.detection,
    })
    .from(vulnerabilities)
    .where(
      and(
        eq(vulnerabilities.organizationId, organizationId),
        eq(vulnerabilities.state, 'open'),
        ids ? inArray(vulnerabilities.id, ids) : undefined,
      ),
    );
}

const byCve = <T extends { cveId: string }>(rows: T[]) => new Map(rows.map((r) => [r.cveId, r]));

type AdvisoryCvss = { vector?: string; others?: { vector: string }[] };
/** The vector the advisory scores with first, then the other versions' vectors it keeps. */
const vectorList = (cvss: AdvisoryCvss | null) =>
  cvss?.vector ? [cvss.vector, ...(cvss.others ?? []).map((o) => o.vector)] : [];

/** CVSS vectors by CVE (the scored one first): imported advisories over the engine's bundled ones. */
async function vectorsOf(db: Executor, cves: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const wanted = new Set(cves);
  for (const a of bundledAdvisories())
    if (a.cve_id && a.cvss.vector && wanted.has(a.cve_id)) out.set(a.cve_id, vectorList(a.cvss));
  const rows = await db
    .select({
      cveId: advisories.cveId,
      cvss: sql<AdvisoryCvss | null>`${advisories.data}->'cvss'`,
    })
    .from(advisories)
    .where(inArray(advisories.cveId, cves));
  for (const r of rows) {
    const list = vectorList(r.cvss);
    if (r.cveId && list.length) out.set(r.cveId, list);
  }
  return out;
}

/** The date of the newest KEV catalog imported (succeeded or partial), as YYYY-MM-DD. */
async function kevCatalogDate(db: Executor): Promise<string | null> {
  const [row] = await db
    .select({
      at: sql<Date | null>`coalesce(${feedImports.catalogDate}, ${feedImports.finishedAt})`,
    })
    .from(feedImports)
    .where(
      and(eq(feedImports.source, 'kev'), inArray(feedImports.status, ['succeeded', 'partial'])),
    )
    .orderBy(desc(feedImports.startedAt))
    .limit(1);
  return row?.at ? new Date(row.at).toISOString().slice(0, 10) : null;
}

/** The reachability facts of the cloud findings among the vulnerabilities, by vulnerability id. */
async function cloudFactsOf(db: Executor, ids: string[]): Promise<Map<string, ReachFacts>> {
  const f = cloudFindings;
  const rows = ids.length
    ? await db
        .select({
          id: f.vulnerabilityId,
          checkId: f.checkId,
          publicAddresses: f.publicAddresses,
          exposedPorts: f.exposedPorts,
          exposure: f.exposure,
          reachablePorts: f.reachablePorts,
        })
        .from(f)
        .where(inArray(f.vulnerabilityId, ids))
    : [];
  return new Map(rows.map(({ id, ...facts }) => [id, facts]));
}

type ContextRow = typeof assetContexts.$inferSelect;

/**
 * The asset context of a host: its own row, with exposure and owner taken from the first of its
 * tags' rows that sets them when the host's own are unset. Null when the host has no row.
 */
export function contextForHost(host: string, rows: ContextRow[]): AssessInput['asset'] {
  const own = rows.find((r) => r.kind === 'host' && r.target === host);
  if (!own) return null;
  const tagRows = own.tags
    .map((tag) => rows.find((r) => r.kind === 'tag' && r.target === tag))
    .filter((r): r is ContextRow => !!r);
  const exposureTag = own.exposure ? undefined : tagRows.find((r) => r.exposure);
  const ownerTag = own.owner ? undefined : tagRows.find((r) => r.owner);
  const sources = [
    `host ${host}`,
    ...new Set([exposureTag, ownerTag].filter(Boolean).map((r) => `tag ${r?.target}`)),
  ];
  return {
    source: sources.join(', '),
    criticality: own.criticality as NonNullable<AssessInput['asset']>['criticality'],
    mission_prevalence: own.missionPrevalence as NonNullable<
      AssessInput['asset']
    >['mission_prevalence'],
    public_wellbeing: own.publicWellbeing as NonNullable<AssessInput['asset']>['public_wellbeing'],
    exposure: (own.exposure ?? exposureTag?.exposure ?? null) as NonNullable<
      AssessInput['asset']
    >['exposure'],
    owner: own.owner ?? ownerTag?.owner ?? null,
  };
}

const day = (d: string | Date | null) => (d ? new Date(d).toISOString().slice(0, 10) : null);

/** Everything each vulnerability's assessment is computed from, read in a few queries. */
export async function gatherInputs(
  db: Executor,
  organizationId: string,
  rows: Vulnerability[],
  now: Date,
): Promise<AssessInput[]> {
  const cves = [...new Set(rows.map((r) => r.cveId).filter((c): c is string => !!c))];
  const none = Promise.resolve([]);
  const [kev, epss, ssvc, vectors, contexts, kevCatalog, cloud] = await Promise.all([
    cves.length ? db.select().from(kevEntries).where(inArray(kevEntries.cveId, cves)) : none,
    cves.length
      ? db
          .selectDistinctOn([epssScores.cveId])
          .from(epssScores)
          .where(inArray(epssScores.cveId, cves))
          .orderBy(epssScores.cveId, desc(epssScores.scoreDate))
      : none,
    cves.length ? db.select().from(ssvcEntries).where(inArray(ssvcEntries.cveId, cves)) : none,
    cves.length ? vectorsOf(db, cves) : new Map<string, string[]>(),
    db.select().from(assetContexts).where(eq(assetContexts.organizationId, organizationId)),
    kevCatalogDate(db),
    cloudFactsOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const kevBy = byCve(kev as (typeof kevEntries.$inferSelect)[]);
  const epssBy = byCve(epss as (typeof epssScores.$inferSelect)[]);
  const ssvcBy = byCve(ssvc as (typeof ssvcEntries.$inferSelect)[]);
  return rows.map((v) => {
    const k = v.cveId ? kevBy.get(v.cveId) : undefined;
    const e = v.cveId ? epssBy.get(v.cveId) : undefined;
    const s = v.cveId ? ssvcBy.get(v.cveId) : undefined;
    const [vector = null, ...otherVectors] = (v.cveId && vectors.get(v.cveId)) || [];
    const facts = cloud.get(v.id);
    return {
      vulnerability: {
        id: v.id,
        title: v.title,
        host: v.host,
        port: v.port,
        cve_id: v.cveId,
        cvss_score: v.cvssScore,
        cvss_vector: vector,
        cvss_other_vectors: otherVectors,
        risk_score: v.riskScore === null ? null : Math.min(100, Math.max(0, v.riskScore)),
        solution: v.solution?.slice(0, 2000) ?? null,
        severity: v.severity,
      },
      detection: v.detection,
      kev_catalog: kevCatalog,
      kev: k
        ? { date_added: day(k.dateAdded), due_date: day(k.dueDate), ransomware: k.ransomware }
        : null,
      epss: e
        ? {
            score: e.score,
            percentile: e.percentile,
            date: day(e.scoreDate),
            model_version: e.modelVersion,
          }
        : null,
      vulnrichment: s
        ? {
            exploitation: ssvcValue(s.exploitation, ['none', 'poc', 'active']),
            automatable: ssvcValue(s.automatable, ['no', 'yes']),
            technical_impact: ssvcValue(s.technicalImpact, ['partial', 'total']),
            assessed_at: s.assessedAt ? new Date(s.assessedAt).toISOString() : null,
          }
        : null,
      asset: contextForHost(v.host, contexts),
      reachability: facts ? reachabilityOf(facts) : null,
      now: now.toISOString(),
    };
  });
}

/** A Vulnrichment value as the contracts spell it ("public poc" -> poc), null when unknown. */
export function ssvcValue<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  const v = value?.toLowerCase().replace('public poc', 'poc').trim();
  return allowed.find((a) => a === v) ?? null;
}
