import type {
  TFinding,
  TPaidTier,
  TScanStatus,
  TScanType,
  TVulnSeverity,
} from '@netguard/contracts';
import {
  reports,
  scanServices,
  scans,
  threatMitigationActions,
  vulnerabilities,
  vulnerabilitySightings,
} from '../src/db/schema.ts';
import { dueFrom } from '../src/modules/vulnerabilities/vulnerabilities.lifecycle.ts';
import { type Account, setPlan, type TestContext } from './helpers.ts';

const MINUTE = 60_000;
export const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

type ScanSeed = {
  status: TScanStatus;
  targets?: string[];
  createdAt?: Date;
  /** Minutes from start to completion, for finished scans. */
  durationMinutes?: number;
  name?: string;
  type?: TScanType;
};

/** Inserts a scan directly, as the scan worker of a later issue would leave it. */
export async function seedScan(ctx: TestContext, owner: Account, seed: ScanSeed) {
  const createdAt = seed.createdAt ?? ago(60);
  const finished = ['completed', 'failed', 'cancelled'].includes(seed.status);
  const startedAt = seed.status === 'pending' ? null : new Date(createdAt.getTime() + MINUTE);
  const completedAt =
    finished && startedAt
      ? new Date(startedAt.getTime() + (seed.durationMinutes ?? 10) * MINUTE)
      : null;
  const [row] = await ctx.db
    .insert(scans)
    .values({
      userId: owner.userId,
      organizationId: owner.organizationId,
      scanName: seed.name ?? `Scan ${seed.status}`,
      scanType: seed.type ?? 'network',
      targetHosts: seed.targets ?? ['127.0.0.1'],
      status: seed.status,
      progress: seed.status === 'completed' ? 100 : 0,
      createdAt,
      startedAt,
      completedAt,
    })
    .returning();
  return row!;
}

type VulnSeed = {
  severity: TVulnSeverity;
  host?: string;
  port?: number | null;
  type?: string;
  createdAt?: Date;
  mitigated?: boolean;
};

export async function seedVulnerability(
  ctx: TestContext,
  owner: Account,
  scanId: string,
  seed: VulnSeed,
) {
  const [row] = await ctx.db
    .insert(vulnerabilities)
    .values({
      scanId,
      userId: owner.userId,
      organizationId: owner.organizationId,
      title: `${seed.severity} finding`,
      host: seed.host ?? '127.0.0.1',
      port: seed.port === undefined ? 22 : seed.port,
      vulnerabilityType: seed.type ?? 'misconfiguration',
      severity: seed.severity,
      createdAt: seed.createdAt ?? ago(30),
      firstSeenAt: seed.createdAt ?? ago(30),
      dueAt: dueFrom(seed.severity, seed.createdAt ?? ago(30)),
      lastSeenAt: seed.createdAt ?? ago(30),
      lastScanId: scanId,
    })
    .returning();
  await ctx.db.insert(vulnerabilitySightings).values({
    vulnerabilityId: row!.id,
    scanId,
    organizationId: owner.organizationId,
    seenAt: row!.createdAt,
  });
  const scope = { organizationId: owner.organizationId, userId: owner.userId };
  await ctx.db.insert(threatMitigationActions).values({
    ...scope,
    vulnerabilityId: row!.id,
    actionType: 'patch',
    title: 'Apply the fix',
    status: seed.mitigated ? 'completed' : 'pending',
  });
  return row!;
}

export async function seedReport(ctx: TestContext, owner: Account, createdAt = ago(60)) {
  await ctx.db.insert(reports).values({
    userId: owner.userId,
    organizationId: owner.organizationId,
    reportType: 'executive',
    title: 'Weekly report',
    createdAt,
  });
}

/** Marks the account as a subscriber until `end` (Professional unless `tier` says otherwise). */
export async function subscribe(
  ctx: TestContext,
  owner: Account,
  end = ago(-30 * 24 * 60),
  tier: TPaidTier = 'Professional',
) {
  await setPlan(ctx, owner, tier, end);
}

/** Inserts a service a scan found, as the scan worker stores it. */
export async function seedService(
  ctx: TestContext,
  scanId: string,
  host: string,
  port: number,
  protocol: 'tcp' | 'udp' = 'tcp',
) {
  await ctx.db.insert(scanServices).values({ scanId, host, port, protocol, state: 'open' });
}

/** A scanner finding as the engine reports it (a Redis without authentication). */
export function finding(overrides: Partial<TFinding> = {}): TFinding {
  return {
    check_id: 'redis-no-auth',
    title: 'Redis accepts commands without authentication',
    severity: 'critical',
    vulnerability_type: 'authentication',
    cve_id: null,
    cvss_score: 9.8,
    risk_score: 95,
    host: '198.51.100.7',
    port: 6379,
    protocol: 'tcp',
    service: 'redis',
    description: 'Anyone who reaches the port can read and write data.',
    solution: 'Set requirepass or bind to localhost.',
    evidence: 'sent PING, received +PONG',
    mitigations: [
      {
        action_type: 'configuration',
        priority: 'immediate',
        title: 'Require a password',
        description: 'Enable requirepass',
        estimated_time: 15,
        instructions: ['Edit redis.conf', 'Restart redis'],
      },
    ],
    time: new Date().toISOString(),
    ...overrides,
  };
}
