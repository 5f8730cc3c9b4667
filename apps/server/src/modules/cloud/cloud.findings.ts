import {
  CLOUD_TEXT,
  type TCloudFinding,
  type TCloudScanComparison,
  type TCloudScanDetail,
  type ZCloudFindingListQuery,
} from '@netguard/contracts';
import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import {
  cloudFindingSightings,
  cloudFindings,
  vulnerabilities,
  vulnerabilityAssessments,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { mutingRule } from './cloud.mute.ts';
import * as scansRepo from './cloud.scans.repo.ts';
import { type FindingRow, toCloudScan, toFinding } from './cloud.view.ts';

const f = cloudFindings;
const v = vulnerabilities;

const columns = {
  id: v.id,
  connectionId: f.connectionId,
  checkId: f.checkId,
  title: v.title,
  severity: v.severity,
  provider: f.provider,
  account: f.account,
  region: f.region,
  resourceId: f.resourceId,
  resourceType: f.resourceType,
  detail: f.detail,
  state: v.state,
  exposure: f.exposure,
  reachablePorts: f.reachablePorts,
  recommendations: f.recommendations,
  riskScore: vulnerabilityAssessments.riskScore,
  mutedBy: mutingRule,
  firstSeenAt: v.firstSeenAt,
  lastSeenAt: v.lastSeenAt,
  fixedAt: v.fixedAt,
};

async function selectFindings(
  db: Executor,
  where: SQL[],
  page?: { limit: number; offset: number },
) {
  const query = db
    .select(columns)
    .from(f)
    .innerJoin(v, eq(v.id, f.vulnerabilityId))
    .leftJoin(vulnerabilityAssessments, eq(vulnerabilityAssessments.vulnerabilityId, v.id))
    .where(and(...where))
    .orderBy(desc(v.lastSeenAt), v.id);
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return (rows as FindingRow[]).map(toFinding);
}

/** Findings a cloud scan saw. */
const seenBy = (scanId: string) =>
  inArray(
    f.vulnerabilityId,
    sql`(select ${cloudFindingSightings.vulnerabilityId} from ${cloudFindingSightings} where ${cloudFindingSightings.scanId} = ${scanId})`,
  );

/** Cloud findings of the caller's organization, scan details and scan comparisons. */
export function createCloudFindings({ db }: { db: Executor }) {
  async function scanOf(auth: AuthContext, id: string) {
    const scan = await scansRepo.findScan(db, auth.organizationId, id);
    if (!scan) throw new AppError('not_found', 404, CLOUD_TEXT.scanNotFound);
    return scan;
  }

  return {
    async list(auth: AuthContext, query: z.infer<typeof ZCloudFindingListQuery>) {
      const where: SQL[] = [eq(f.organizationId, auth.organizationId)];
      if (query.connectionId) where.push(eq(f.connectionId, query.connectionId));
      if (query.provider) where.push(eq(f.provider, query.provider));
      if (query.state !== 'all') where.push(eq(v.state, query.state));
      if (query.severity !== 'all') where.push(eq(v.severity, query.severity));
      if (query.muted === 'muted') where.push(isNotNull(mutingRule));
      if (query.muted === 'unmuted') where.push(isNull(mutingRule));
      const [counted] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(f)
        .innerJoin(v, eq(v.id, f.vulnerabilityId))
        .where(and(...where));
      const items = await selectFindings(db, where, query);
      return { items, total: counted?.total ?? 0 };
    },

    async scanDetail(auth: AuthContext, id: string): Promise<TCloudScanDetail> {
      const scan = await scanOf(auth, id);
      const findings = await selectFindings(db, [
        eq(f.organizationId, auth.organizationId),
        seenBy(id),
      ]);
      return { ...toCloudScan(scan), findings };
    },

    /** New, resolved and still open against the previous finished scan of the same scope. */
    async compare(auth: AuthContext, id: string): Promise<TCloudScanComparison> {
      const scan = await scanOf(auth, id);
      const previous = await scansRepo.previousScan(db, scan);
      const org = eq(f.organizationId, auth.organizationId);
      const now = await selectFindings(db, [org, seenBy(id)]);
      const before: TCloudFinding[] = previous
        ? await selectFindings(db, [org, seenBy(previous.id)])
        : [];
      const earlier = new Set(before.map((x) => x.id));
      const current = new Set(now.map((x) => x.id));
      return {
        scanId: id,
        previousScanId: previous?.id ?? null,
        new: now.filter((x) => !earlier.has(x.id)),
        resolved: before.filter((x) => !current.has(x.id)),
        stillOpen: now.filter((x) => earlier.has(x.id)),
      };
    },
  };
}

export type CloudFindings = ReturnType<typeof createCloudFindings>;
