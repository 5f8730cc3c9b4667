import type { TTopologyNodeStatus } from '@netguard/contracts';
import { createScope, planTargets } from '@netguard/engine';
import type { RecentScan, SeenHost } from './topology.repo.ts';

/** A discovered host with what the topology draws of it. */
export type TopologyHost = {
  address: string;
  hostname: string | null;
  services: number;
  risks: number;
  status: TTopologyNodeStatus;
  lastSeenAt: Date;
};

// Coverage only asks which addresses a scan's targets name, never whether they may be scanned.
const everywhere = createScope({ defaultDeny: false });

type Coverage = { ranges: { start: number; end: number }[]; hostnames: Set<string> };

function coverageOf(targets: readonly string[]): Coverage {
  const plan = planTargets(targets, everywhere);
  return { ranges: plan.ranges, hostnames: new Set(plan.hostnames) };
}

/** A host as scan targets would name it: its address as a one-address range, and its hostname. */
function targetOf(host: SeenHost): { address?: number; hostname: string | null } {
  const [own] = planTargets([host.address], everywhere).ranges;
  return { address: own?.start, hostname: host.hostname?.toLowerCase() ?? null };
}

function covers(coverage: Coverage, target: ReturnType<typeof targetOf>): boolean {
  const { address, hostname } = target;
  if (address !== undefined && coverage.ranges.some((r) => address >= r.start && address <= r.end))
    return true;
  return hostname !== null && coverage.hostnames.has(hostname);
}

/**
 * Status of each host: offline when a scan that covered it completed after the latest scan that
 * saw it (and did not see it), warning when it has open high or critical unmitigated
 * vulnerabilities, online otherwise. `scans` are newest first.
 */
export function resolveHosts(
  scans: readonly RecentScan[],
  seen: readonly SeenHost[],
  risks: ReadonlyMap<string, number>,
): TopologyHost[] {
  const coverage = scans.map((scan) => coverageOf(scan.targetHosts));
  const order = new Map(scans.map((scan, index) => [scan.id, index]));
  return seen.map((host) => {
    const seenAt = order.get(host.scanId) ?? 0;
    const sawIt = scans[seenAt];
    const target = targetOf(host);
    const newerCover = coverage.slice(0, seenAt).some((c) => covers(c, target));
    const hostRisks = risks.get(host.address) ?? 0;
    const status: TTopologyNodeStatus = newerCover
      ? 'offline'
      : hostRisks > 0
        ? 'warning'
        : 'online';
    return {
      address: host.address,
      hostname: host.hostname,
      services: host.services,
      risks: hostRisks,
      status,
      lastSeenAt: sawIt?.completedAt ?? new Date(0),
    };
  });
}
