// The scan run: targets, discovery, TCP and UDP ports, and, when given an Analysis (analysis.ts),
// service detection and checks on each open port. A ports-only run loads none of the analysis code
// (nor zod), which is most of what a CLI start would otherwise compile.
import type { TFinding } from '@netguard/contracts';
import { parsePorts } from '@netguard/contracts';
import type { TAdvisory } from './advisories/schema.ts';
import {
  DISCOVERY_PORTS,
  discoverHosts,
  type HostReason,
  isLoopback,
} from './discovery/discover.ts';
import { borrowTcpPool, returnTcpPool } from './ports/pool-reuse.ts';
import { scanTcp } from './ports/scan-tcp.ts';
import { defaultThreads, type TcpPool } from './ports/tcp-pool.ts';
import { planTargets, type Refusal } from './targets/plan.ts';
import { streamTargets, type Target } from './targets/resolve.ts';
import { createScope, type ScopeOptions } from './targets/scope.ts';
import type { CheckContext, ServiceInfo, ServiceResult } from './types.ts';
import { DEFAULT_UDP_PORTS } from './udp/protocols.ts';
import { scanUdp, type UdpSetting } from './udp/scan-udp.ts';

export type EngineOptions = {
  /** Port spec ("top1000", "1-1024,3306", "all") or a list. Default top1000. */
  ports?: string | readonly number[];
  /** "all", "none" or comma-separated check ids. Default all. */
  checks?: string;
  scope?: ScopeOptions;
  concurrency?: number;
  rate?: number;
  /** Longest wait for one connect, in ms (nmap's --max-rtt-timeout). */
  timeoutMs?: number;
  /** Timeout for service probes and checks, in ms. */
  serviceTimeoutMs?: number;
  /** Treat every host as up (nmap -Pn). */
  skipDiscovery?: boolean;
  /**
   * Hosts port-scanned together (discovery takes up to four groups at once); bounds memory on
   * large ranges. Default: hostGroupSize(number of ports).
   */
  hostGroupSize?: number;
  /** Skip service detection and checks (port states only). */
  portsOnly?: boolean;
  /** Worker threads for TCP port scanning; 1 keeps it on the calling thread. Default: one per core. */
  threads?: number;
  /** Also probe UDP: DNS 53, NTP 123, SNMP 161 (true), or the ports and timing given. */
  udp?: UdpSetting;
  /** Advisories file from `netguard-scan advisories import`, matched on top of the bundled set. */
  advisoriesFile?: string;
  /** More advisories (e.g. from a database); they replace file and bundled entries with the same id. */
  advisories?: readonly TAdvisory[];
};

// Below this many probes a run scans on the calling thread: starting workers costs more.
const PARALLEL_MIN_PROBES = 4096;
// Host groups discovered at once, so that the timeouts of silent hosts overlap, up to a window
// of DISCOVERY_WINDOW hosts.
const DISCOVERY_GROUPS = 4;
const DISCOVERY_WINDOW = 4096;
// A host group holds about this many probes (256 hosts x top1000).
const GROUP_PROBES = 262_144;

/**
 * Hosts scanned together for this many ports: 256 for top1000 or more, up to 4096 for a few
 * ports. Each group starts and drains its probe window once, so a 3-port sweep of a /20 in groups
 * of 256 spent a fifth of its time in the start and tail of 16 groups instead of 1.
 */
export function hostGroupSize(portCount: number): number {
  return Math.min(4096, Math.max(256, Math.floor(GROUP_PROBES / Math.max(1, portCount))));
}

export type Progress = {
  phase: 'discovery' | 'ports' | 'services' | 'done';
  done: number;
  total: number;
  percent: number;
};

export type RunHandlers = {
  onProgress?: (progress: Progress) => void;
  /** A host found up by discovery (or every host with skipDiscovery), before its ports are scanned. */
  onHost?: (host: { address: string; hostname?: string; reason: HostReason }) => void;
  onPort?: (result: ServiceResult) => void;
  /** A host's TCP ports are scanned: how many of them were closed and filtered. */
  onHostScanned?: (host: HostPortCounts) => void;
  onFinding?: (finding: TFinding) => void;
  onRefused?: (refusal: Refusal) => void;
  signal?: AbortSignal;
};

export type HostPortCounts = { address: string; closed: number; filtered: number };

export type ScanSummary = {
  hosts_total: number;
  hosts_up: number;
  ports_scanned: number;
  open: number;
  closed: number;
  filtered: number;
  findings: number;
  invalid: string[];
  refused: Refusal[];
  cancelled: boolean;
  duration_ms: number;
};

/** What a run does on each open port beyond its state: service detection and checks. */
export type Analysis = {
  detect(
    host: string,
    port: number,
    options: { hostname?: string; timeoutMs: number },
  ): Promise<ServiceInfo>;
  findings(ctx: CheckContext): Promise<TFinding[]>;
};

const portList = (options: EngineOptions): number[] =>
  typeof options.ports === 'string' || options.ports === undefined
    ? parsePorts(options.ports ?? 'top1000')
    : [...options.ports];

/** The worker threads a run of this many probes scans with, or undefined for the calling thread. */
function borrowPoolFor(options: EngineOptions, probes: number): TcpPool | undefined {
  const threads = Math.max(1, options.threads ?? defaultThreads());
  return threads > 1 && probes >= PARALLEL_MIN_PROBES ? borrowTcpPool(threads) : undefined;
}

/** Ports skipped on some hosts (ScopeOptions.skipPorts), by host. */
type Skipped = ReadonlyMap<string, ReadonlySet<number>>;

/** Hosts grouped by the ports they are probed on: `ports` less those skipped for each host. */
function byPorts(hosts: readonly string[], ports: readonly number[], skipped: Skipped) {
  const groups = new Map<string, { hosts: string[]; ports: readonly number[] }>();
  for (const host of hosts) {
    const skip = skipped.get(host);
    const key = skip ? [...skip].join(',') : '';
    const group = groups.get(key);
    if (group) group.hosts.push(host);
    else
      groups.set(key, { hosts: [host], ports: skip ? ports.filter((p) => !skip.has(p)) : ports });
  }
  return [...groups.values()];
}

/**
 * Starts the worker threads a run of these targets will scan with and leaves them idle for it, so
 * that they boot while the caller loads the rest of its program (the CLI does this first).
 * Returns how many threads are ready for the run (0: it scans on the calling thread).
 */
export function prestartThreads(
  options: EngineOptions,
  targets: string | readonly string[],
): number {
  const plan = planTargets(targets, createScope(options.scope));
  const pool = borrowPoolFor(options, plan.total * portList(options).length);
  if (pool) returnTcpPool(pool);
  return pool?.size ?? 0;
}

/**
 * A scan engine without service detection and checks unless given an Analysis; createEngine
 * (engine.ts) gives it one unless the options say portsOnly.
 */
export function createPortEngine(options: EngineOptions = {}, analysis?: Analysis) {
  const ports = portList(options);
  const scope = createScope(options.scope);
  return {
    /** The TCP ports every live host is scanned on, in scan order. */
    ports: ports as readonly number[],
    async run(
      targets: string | readonly string[],
      handlers: RunHandlers = {},
    ): Promise<ScanSummary> {
      const started = performance.now();
      const plan = planTargets(targets, scope);
      const summary: ScanSummary = {
        hosts_total: 0,
        hosts_up: 0,
        ports_scanned: 0,
        open: 0,
        closed: 0,
        filtered: 0,
        findings: 0,
        invalid: plan.invalid,
        refused: [...plan.refused],
        cancelled: false,
        duration_ms: 0,
      };
      for (const r of plan.refused) handlers.onRefused?.(r);
      const udpPorts = !options.udp
        ? 0
        : ((options.udp !== true && options.udp.ports) || DEFAULT_UDP_PORTS).length;
      const total = plan.total * (ports.length + udpPorts);
      let done = 0;
      const report = (phase: Progress['phase']) =>
        handlers.onProgress?.({
          phase,
          done,
          total,
          percent: total ? Math.min(100, Math.floor((done / total) * 1000) / 10) : 100,
        });
      const onRefused = (r: Refusal) => {
        summary.refused.push(r);
        handlers.onRefused?.(r);
      };
      const groupSize = Math.max(1, options.hostGroupSize ?? hostGroupSize(ports.length));
      const windowSize = Math.max(
        groupSize,
        Math.min(groupSize * DISCOVERY_GROUPS, DISCOVERY_WINDOW),
      );
      const timing = {
        concurrency: options.concurrency,
        rate: options.rate,
        maxTimeoutMs: options.timeoutMs,
        signal: handlers.signal,
      };
      // Threads pay off once the whole run has enough probes; started now, they boot while
      // targets stream in and discovery runs.
      const pool = borrowPoolFor(options, plan.total * ports.length);
      const scan = pool ? pool.scan : scanTcp;
      const udpPortList = options.udp
        ? ((options.udp !== true && options.udp.ports) || DEFAULT_UDP_PORTS).map((u) => u.port)
        : [];
      /**
       * The ports the scope skips on each of these hosts (a server's own services): never probed,
       * by discovery either, nor reported; each said once as a refusal.
       */
      const skippedPorts = (ips: readonly string[]) => {
        const skipped = new Map<string, Set<number>>();
        for (const ip of ips)
          for (const { port, reason } of scope.skipPorts(ip)) {
            if (!skipped.has(ip)) skipped.set(ip, new Set());
            skipped.get(ip)?.add(port);
            if (ports.includes(port) || udpPortList.includes(port))
              onRefused({ target: `${ip}:${port}`, reason });
          }
        return skipped;
      };
      let window: Target[] = [];
      /** Discovers a window of hosts at once, then scans the live ones group by group. */
      const scanWindow = async () => {
        const targetsInWindow = window;
        window = [];
        const ips = targetsInWindow.map((t) => t.ip);
        summary.hosts_total += ips.length;
        const skipped = skippedPorts(ips);
        report('discovery');
        const reasons = new Map<string, HostReason>();
        // Loopback addresses are up without a probe (localhost-response), as nmap has them.
        const probed = options.skipDiscovery ? [] : ips.filter((ip) => !isLoopback(ip));
        const answered = new Set<string>();
        for (const part of byPorts(probed, DISCOVERY_PORTS, skipped))
          for (const host of await discoverHosts(part.hosts, {
            ...timing,
            ports: part.ports,
            scan,
            onUp: (host, reason) => reasons.set(host, reason),
          }))
            answered.add(host);
        for (const ip of ips)
          if (!options.skipDiscovery && isLoopback(ip)) reasons.set(ip, 'localhost-response');
        const up = options.skipDiscovery
          ? ips
          : ips.filter((ip) => reasons.get(ip) === 'localhost-response' || answered.has(ip));
        summary.hosts_up += up.length;
        const names = new Map(targetsInWindow.map((t) => [t.ip, t.hostname]));
        for (const address of up) {
          const reason = reasons.get(address) ?? 'user-set';
          handlers.onHost?.({ address, hostname: names.get(address), reason });
        }
        done += (ips.length - up.length) * (ports.length + udpPorts);
        for (let i = 0; i < up.length && !handlers.signal?.aborted; i += groupSize)
          await scanGroup(up.slice(i, i + groupSize), names, skipped);
      };
      const scanGroup = async (
        up: string[],
        names: Map<string, string | undefined>,
        skipped: Skipped,
      ) => {
        const open: ServiceResult[] = [];
        const counts = new Map(up.map((address) => [address, { address, closed: 0, filtered: 0 }]));
        report('ports');
        for (const part of byPorts(up, ports, skipped)) {
          if (handlers.signal?.aborted) break;
          const base = done;
          let reported = 0;
          const stats = await scan(part.hosts, part.ports, {
            ...timing,
            onResult: (r) => {
              if (r.state === 'open') open.push({ ...r, service: { name: 'unknown' } });
              else if (r.state === 'closed' || r.state === 'filtered')
                counts.get(r.host)![r.state]++;
            },
            onProgress: (d, t) => {
              done = base + d;
              // Workers report in batches: report whenever another 256 ports are done.
              if (d - reported < 256 && d < t) return;
              reported = d;
              report('ports');
            },
          });
          // Skipped ports count as done.
          done = base + part.hosts.length * ports.length;
          summary.open += stats.open;
          summary.closed += stats.closed;
          summary.filtered += stats.filtered;
          summary.ports_scanned += stats.open + stats.closed + stats.filtered;
        }
        for (const host of counts.values()) handlers.onHostScanned?.(host);
        report('services');
        await mapLimit(open, 16, async (result) => {
          if (handlers.signal?.aborted) return;
          const hostname = names.get(result.host);
          const serviceTimeoutMs = options.serviceTimeoutMs ?? 3000;
          if (analysis)
            result.service = await analysis.detect(result.host, result.port, {
              hostname,
              timeoutMs: serviceTimeoutMs,
            });
          handlers.onPort?.(result);
          if (!analysis) return;
          const ctx: CheckContext = {
            host: result.host,
            hostname,
            port: result.port,
            protocol: 'tcp',
            service: result.service,
            timeoutMs: serviceTimeoutMs,
            signal: handlers.signal,
          };
          for (const finding of await analysis.findings(ctx)) {
            summary.findings++;
            handlers.onFinding?.(finding);
          }
        });
        if (options.udp && up.length && !handlers.signal?.aborted) await scanGroupUdp(up, skipped);
      };
      const scanGroupUdp = async (up: string[], skipped: Skipped) => {
        const results: ServiceResult[] = [];
        const udp = await scanUdp(up, {
          ...(options.udp === true ? {} : options.udp),
          skip: (host, port) => skipped.get(host)?.has(port) ?? false,
          signal: handlers.signal,
          onResult: (r) => {
            results.push(r);
            done++;
          },
        });
        report('ports');
        summary.open += udp.open;
        summary.closed += udp.closed;
        // Silent UDP ports (open|filtered) count as filtered in the totals.
        summary.filtered += udp.openFiltered;
        summary.ports_scanned += udp.open + udp.closed + udp.openFiltered;
        for (const result of results) {
          if (result.state === 'closed') continue;
          handlers.onPort?.(result);
          if (!analysis || result.state !== 'open') continue;
          const ctx: CheckContext = {
            host: result.host,
            port: result.port,
            protocol: 'udp',
            service: result.service,
            timeoutMs: options.serviceTimeoutMs ?? 3000,
            signal: handlers.signal,
          };
          for (const finding of await analysis.findings(ctx)) {
            summary.findings++;
            handlers.onFinding?.(finding);
          }
        }
      };
      try {
        for await (const target of streamTargets(plan, scope, onRefused)) {
          if (handlers.signal?.aborted) break;
          window.push(target);
          if (window.length >= windowSize) await scanWindow();
        }
        if (window.length && !handlers.signal?.aborted) await scanWindow();
      } catch (error) {
        await pool?.close();
        throw error;
      }
      if (pool) returnTcpPool(pool);
      summary.cancelled = Boolean(handlers.signal?.aborted);
      summary.duration_ms = Math.round(performance.now() - started);
      report('done');
      return summary;
    },
  };
}

async function mapLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
