import { scanTcp, type TcpScanOptions } from '../ports/scan-tcp.ts';

/** Ports probed to decide whether a host is up, like nmap's unprivileged -sn (80, 443) plus a few. */
export const DISCOVERY_PORTS = [80, 443, 22, 445, 3389] as const;

export type DiscoveryOptions = Omit<TcpScanOptions, 'onResult' | 'onProgress'> & {
  ports?: readonly number[];
  /** The scanner to probe with: scanTcp on this thread (default) or a TcpPool's scan. */
  scan?: typeof scanTcp;
};

/**
 * Finds the hosts that answer: any connect that succeeds or is refused proves the host is up,
 * so no raw sockets are needed, and a host's other ports are then left alone, as nmap does.
 * Returns the live hosts in input order.
 */
export async function discoverHosts(
  hosts: readonly string[],
  { ports = DISCOVERY_PORTS, scan = scanTcp, ...options }: DiscoveryOptions = {},
): Promise<string[]> {
  const up = new Set<string>();
  await scan(hosts, ports, {
    maxRetries: 1,
    untilAnswered: true,
    ...options,
    onResult: (r) => {
      if (r.state !== 'filtered') up.add(r.host);
    },
  });
  return hosts.filter((h) => up.has(h));
}
