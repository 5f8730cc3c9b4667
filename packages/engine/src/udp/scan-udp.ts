import type { ServiceResult } from '../types.ts';
import { probeUdp, type UdpProbeOptions } from './probe-udp.ts';
import { DEFAULT_UDP_PORTS, type UdpPort } from './protocols.ts';

export type UdpScanOptions = UdpProbeOptions & {
  /** Ports and protocols to probe. Default DNS 53, NTP 123, SNMP 161. */
  ports?: readonly UdpPort[];
  /** Most sockets in flight. Default 64. */
  concurrency?: number;
  /** Probes never sent (nor reported): a host's ports the scan's scope skips. */
  skip?: (host: string, port: number) => boolean;
  onResult?: (result: ServiceResult) => void;
};

export type UdpScanStats = { open: number; closed: number; openFiltered: number };

/** Probes every UDP port of every host; results stream to onResult. */
export async function scanUdp(
  hosts: readonly string[],
  options: UdpScanOptions = {},
): Promise<UdpScanStats> {
  const ports = options.ports ?? DEFAULT_UDP_PORTS;
  const tasks = hosts.flatMap((host) =>
    ports.flatMap((port) => (options.skip?.(host, port.port) ? [] : [{ host, port }])),
  );
  const stats: UdpScanStats = { open: 0, closed: 0, openFiltered: 0 };
  let next = 0;
  const worker = async () => {
    while (next < tasks.length && !options.signal?.aborted) {
      const task = tasks[next++]!;
      const result = await probeUdp(task.host, task.port, options);
      // A probe cut short by cancellation proves nothing about the port.
      if (options.signal?.aborted) break;
      if (result.state === 'open') stats.open++;
      else if (result.state === 'closed') stats.closed++;
      else stats.openFiltered++;
      options.onResult?.(result);
    }
  };
  const width = Math.min(options.concurrency ?? 64, tasks.length);
  await Promise.all(Array.from({ length: width }, worker));
  return stats;
}

/** The engine's `udp` option: true probes the default ports; an object tunes the probes. */
export type UdpSetting =
  | boolean
  | Pick<UdpScanOptions, 'ports' | 'timeoutMs' | 'retries' | 'concurrency'>;
