import { scanTcp, type TcpScanOptions } from '../ports/scan-tcp.ts';

/** Ports probed to decide whether a host is up, like nmap's unprivileged -sn (80, 443) plus a few. */
export const DISCOVERY_PORTS = [80, 443, 22, 445, 3389] as const;

/**
 * Finds the hosts that answer: any connect that succeeds or is refused proves the host is up,
 * so no raw sockets are needed. Returns the live hosts in input order.
 */
export async function discoverHosts(
  hosts: readonly string[],
  options: Omit<TcpScanOptions, 'onResult' | 'onProgress'> & { ports?: readonly number[] } = {},
): Promise<string[]> {
  const up = new Set<string>();
  await scanTcp(hosts, options.ports ?? DISCOVERY_PORTS, {
    maxRetries: 1,
    ...options,
    onResult: (r) => {
      if (r.state !== 'filtered') up.add(r.host);
    },
  });
  return hosts.filter((h) => up.has(h));
}
