import type { TDetection } from '@netguard/contracts';
import { advisories, epssScores, kevEntries, vulnerabilities } from '../src/db/schema.ts';
import type { Account, TestContext } from './helpers.ts';
import { ago } from './seed.ts';

const HOUR = 60;

type Seed = {
  host: string;
  port?: number | null;
  cveId?: string | null;
  cvss: number | null;
  risk?: number | null;
  seenHoursAgo: number;
  state?: 'open' | 'fixed';
  detection?: TDetection | null;
};

/** Inserts an open (or fixed) vulnerability last seen at a known time. */
export async function seedRiskVulnerability(ctx: TestContext, owner: Account, seed: Seed) {
  const seen = ago(seed.seenHoursAgo * HOUR);
  const [row] = await ctx.db
    .insert(vulnerabilities)
    .values({
      userId: owner.userId,
      organizationId: owner.organizationId,
      title: `Finding on ${seed.host}`,
      host: seed.host,
      port: seed.port === undefined ? 22 : seed.port,
      vulnerabilityType: 'vulnerable-version',
      severity: 'high',
      cveId: seed.cveId ?? null,
      cvssScore: seed.cvss,
      riskScore: seed.risk === undefined ? (seed.cvss === null ? null : seed.cvss * 10) : seed.risk,
      solution: `Patch ${seed.host}.`,
      detection: seed.detection ?? null,
      state: seed.state ?? 'open',
      firstSeenAt: seen,
      lastSeenAt: seen,
      createdAt: seen,
    })
    .returning();
  return row!;
}

/** Feed rows for a CVE, as the feed imports would leave them. */
export async function seedIntel(
  ctx: TestContext,
  cveId: string,
  intel: {
    vector?: string;
    /** A vector of another CVSS version, kept beside `vector` as the NVD import keeps 4.0. */
    other?: { version: '4.0'; vector: string; score: number };
    kev?: { dateAdded: string; dueDate: string; ransomware: boolean };
    epss?: { score: number; percentile: number; date: string };
  },
) {
  if (intel.vector)
    await ctx.db.insert(advisories).values({
      id: `test/${cveId}`,
      product: 'test',
      cveId,
      source: 'nvd',
      data: {
        cvss: { score: 0, vector: intel.vector, ...(intel.other ? { others: [intel.other] } : {}) },
      },
    });
  if (intel.kev) await ctx.db.insert(kevEntries).values({ cveId, ...intel.kev });
  if (intel.epss)
    await ctx.db.insert(epssScores).values({
      cveId,
      scoreDate: intel.epss.date,
      score: intel.epss.score,
      percentile: intel.epss.percentile,
      modelVersion: 'v2025.03.14',
    });
}
