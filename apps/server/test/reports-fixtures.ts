import type { TDetection, TReportType, TVulnSeverity } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import { vulnerabilities, vulnerabilitySightings } from '../src/db/schema.ts';
import type { Account, TestContext } from './helpers.ts';
import { waitFor } from './scan-helpers.ts';
import { ago, seedScan, seedVulnerability } from './seed.ts';

const DAY_MINUTES = 24 * 60;

type Finding = {
  title: string;
  severity: TVulnSeverity;
  risk: number;
  port: number;
  /** Indexes into the scans, newest first. */
  seenBy: number[];
  firstSeenDaysAgo?: number;
  mitigated?: boolean;
  fixedDaysAgo?: number;
  cve?: string;
  detection?: TDetection;
};

/** Detection confidence of the Redis finding; the others carry none ("Not recorded"). */
export const REDIS_DETECTION: TDetection = {
  method: 'active_probe',
  qod: 95,
  detail: 'sent PING, received +PONG',
  distribution: null,
};

/**
 * Eleven completed scans a day apart (index 0 newest) and findings seen by some of them, plus a
 * failed scan. Only the ten newest completed scans count for reports, so the finding seen by
 * scan 10 alone and the failed scan's finding stay out of every report.
 */
export const FINDINGS: Finding[] = [
  {
    title: 'Redis accepts commands without authentication',
    severity: 'critical',
    risk: 95,
    port: 6379,
    seenBy: [0, 1],
    firstSeenDaysAgo: 2,
    cve: 'CVE-2022-0543',
    detection: REDIS_DETECTION,
  },
  {
    title: 'TLS certificate expired',
    severity: 'high',
    risk: 80,
    port: 443,
    seenBy: [0],
    firstSeenDaysAgo: 1,
  },
  {
    title: 'SSH allows password authentication',
    severity: 'high',
    risk: 75,
    port: 22,
    seenBy: [2],
    firstSeenDaysAgo: 3,
    mitigated: true,
  },
  {
    title: 'Outdated OpenSSH version',
    severity: 'medium',
    risk: 50,
    port: 22,
    seenBy: [3],
    firstSeenDaysAgo: 4,
    fixedDaysAgo: 1,
  },
  {
    title: 'Missing HTTP security headers',
    severity: 'low',
    risk: 20,
    port: 80,
    seenBy: [1],
    firstSeenDaysAgo: 2,
  },
  {
    title: 'HTTP server banner discloses version',
    severity: 'info',
    risk: 1,
    port: 80,
    seenBy: [0],
  },
  {
    title: 'Telnet service exposed',
    severity: 'critical',
    risk: 99,
    port: 23,
    seenBy: [10],
    firstSeenDaysAgo: 11,
  },
];

export async function seedReportData(ctx: TestContext, owner: Account) {
  const scans: Awaited<ReturnType<typeof seedScan>>[] = [];
  for (let i = 0; i < 11; i++) {
    scans.push(
      await seedScan(ctx, owner, {
        status: 'completed',
        name: `Weekly audit ${i}`,
        type: 'vulnerability',
        targets: [`192.0.2.${i + 1}`],
        createdAt: ago(i * DAY_MINUTES + 30),
        durationMinutes: 5,
      }),
    );
  }
  for (const f of FINDINGS) {
    const [first, ...others] = f.seenBy.map((i) => scans[i]!.id);
    const seen = ago((f.firstSeenDaysAgo ?? 0) * DAY_MINUTES + 20);
    const row = await seedVulnerability(ctx, owner, first!, {
      severity: f.severity,
      host: `192.0.2.${f.seenBy[0]! + 1}`,
      port: f.port,
      createdAt: seen,
      mitigated: f.mitigated,
    });
    const fixedAt = f.fixedDaysAgo === undefined ? null : ago(f.fixedDaysAgo * DAY_MINUTES);
    await ctx.db
      .update(vulnerabilities)
      .set({
        title: f.title,
        riskScore: f.risk,
        cveId: f.cve ?? null,
        solution: `Fix: ${f.title}`,
        detection: f.detection ?? null,
        ...(fixedAt ? { state: 'fixed' as const, fixedAt } : {}),
      })
      .where(eq(vulnerabilities.id, row.id));
    for (const scanId of others) {
      await ctx.db
        .insert(vulnerabilitySightings)
        .values({ vulnerabilityId: row.id, scanId, organizationId: owner.organizationId });
    }
  }
  // A failed scan's partial findings stay out (a running one would be picked up by the workers).
  const failed = await seedScan(ctx, owner, { status: 'failed', createdAt: ago(5) });
  await seedVulnerability(ctx, owner, failed.id, { severity: 'critical' });
  return { scans, newest: scans[0]! };
}

export function generateReport(ctx: TestContext, owner: Account, type: TReportType | string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: owner.auth,
    payload: { report_type: type },
  });
}

export function getReport(ctx: TestContext, owner: Account, id: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/reports/${id}`, headers: owner.auth });
}

export function download(ctx: TestContext, owner: Account, id: string, format: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/reports/${id}/download?format=${format}`,
    headers: owner.auth,
  });
}

/** Waits until the job has made report `id` ready. */
export function waitReady(ctx: TestContext, owner: Account, id: string) {
  return waitFor(async () => {
    const report = (await getReport(ctx, owner, id)).json();
    if (report.status === 'failed') throw new Error(`report failed: ${report.error}`);
    return report.status === 'ready' ? report : null;
  });
}

/** Generates a report of `type` and waits until its job has made it ready. */
export async function generateReady(ctx: TestContext, owner: Account, type: TReportType) {
  const created = await generateReport(ctx, owner, type);
  if (created.statusCode !== 202) throw new Error(`generate failed: ${created.body}`);
  return waitReady(ctx, owner, created.json().id);
}
