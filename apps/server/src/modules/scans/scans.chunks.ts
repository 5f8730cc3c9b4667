import { createScope, planTargets } from '@netguard/engine';
import type { ChunkSpec } from '../../db/tables/scan-results.ts';

/** Host-port probes one chunk aims at; small scans are split finely so workers share them. */
const CHUNK_PROBES = 2048;
const PORT_BLOCK = 4096;
const MAX_HOSTS_PER_CHUNK = 256;
const MAX_CHUNKS = 4096;

export type ScopeLists = { allow: string[]; deny: string[] };
export type PlannedChunk = { spec: ChunkSpec; weight: number };
export type ChunkPlan = { chunks: PlannedChunk[]; refused: { target: string; reason: string }[] };

const intToIp = (n: number) => [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');

/** Cuts [start, end] into CIDR blocks (largest aligned first). */
function toCidrs(start: number, end: number): string[] {
  const out: string[] = [];
  let n = start;
  while (n <= end) {
    let size = 1;
    while (n % (size * 2) === 0 && n + size * 2 - 1 <= end && size < 2 ** 31) size *= 2;
    const prefix = 32 - Math.log2(size);
    out.push(prefix === 32 ? intToIp(n) : `${intToIp(n)}/${prefix}`);
    n += size;
  }
  return out;
}

/** Splits address ranges into blocks of at most `size` addresses, aligned to `size`. */
function addressBlocks(ranges: { start: number; end: number }[], size: number) {
  const blocks: { targets: string[]; count: number }[] = [];
  for (const range of ranges) {
    let n = range.start;
    while (n <= range.end) {
      const blockEnd = Math.min(range.end, Math.floor(n / size) * size + size - 1);
      blocks.push({ targets: toCidrs(n, blockEnd), count: blockEnd - n + 1 });
      n = blockEnd + 1;
    }
  }
  return blocks;
}

/**
 * Splits a scan into chunks: address blocks (and hostname groups) x port blocks. Targets
 * outside the scope are left out and reported in `refused`. With `udp`, the first port block
 * of each address group also carries the UDP probes, so no host is probed over UDP twice.
 * @example planChunks(['127.0.0.1-8'], topPorts(1000), { allow: [], deny: [] }).chunks.length // 4
 */
export function planChunks(
  targets: string[],
  ports: number[],
  scope: ScopeLists,
  udp = false,
): ChunkPlan {
  const plan = planTargets(targets, createScope(scope));
  const portBlocks: number[][] = [];
  for (let i = 0; i < ports.length; i += PORT_BLOCK)
    portBlocks.push(ports.slice(i, i + PORT_BLOCK));
  const perBlock = Math.min(ports.length, PORT_BLOCK) || 1;
  let hosts = 1;
  while (hosts * 2 * perBlock <= CHUNK_PROBES && hosts < MAX_HOSTS_PER_CHUNK) hosts *= 2;
  const units = () => Math.ceil(plan.total / hosts) * portBlocks.length;
  while (units() > MAX_CHUNKS && hosts < 2 ** 24) hosts *= 2;

  const groups = addressBlocks(plan.ranges, hosts);
  for (let i = 0; i < plan.hostnames.length; i += hosts) {
    const names = plan.hostnames.slice(i, i + hosts);
    groups.push({ targets: names, count: names.length });
  }
  const chunks: PlannedChunk[] = [];
  for (const group of groups) {
    portBlocks.forEach((block, index) => {
      const spec: ChunkSpec = { targets: group.targets, ports: block };
      if (udp && index === 0) spec.udp = true;
      chunks.push({ spec, weight: group.count * block.length });
    });
  }
  return { chunks, refused: plan.refused };
}
