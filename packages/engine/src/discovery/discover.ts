import { scanTcp, type TcpScanOptions } from '../ports/scan-tcp.ts';

/** Ports probed to decide whether a host is up, like nmap's unprivileged -sn (80, 443) plus a few. */
export const DISCOVERY_PORTS = [80, 443, 22, 445, 3389] as const;

/** Why a host counts as up, in nmap's words (its `<status reason>`). */
export type HostReason = 'syn-ack' | 'conn-refused' | 'localhost-response' | 'user-set';

export type DiscoveryOptions = Omit<TcpScanOptions, 'onResult' | 'onProgress'> & {
  ports?: readonly number[];
  /** The scanner to probe with: scanTcp on this thread (default) or a TcpPool's scan. */
  scan?: typeof scanTcp;
  /** Told once per live host what answered first: a completed connect or a refusal. */
  onUp?: (host: string, reason: HostReason) => void;
};

/**
 * An address of the loopback network: this machine's own, always answering. nmap counts such a
 * host up without a probe and says localhost-response; so does the engine.
 */
export const isLoopback = (host: string) => host.startsWith('127.');

/**
 * Finds the hosts that answer: any connect that succeeds or is refused proves the host is up,
 * so no raw sockets are needed, and a host's other ports are then left alone, as nmap does.
 * Returns the live hosts in input order.
 */
export async function discoverHosts(
  hosts: readonly string[],
  { ports = DISCOVERY_PORTS, scan = scanTcp, onUp, ...options }: DiscoveryOptions = {},
): Promise<string[]> {
  const up = new Set<string>();
  await scan(hosts, ports, {
    maxRetries: 1,
    untilAnswered: true,
    ...options,
    onResult: (r) => {
      if (r.state === 'filtered' || up.has(r.host)) return;
      up.add(r.host);
      const answer = r.state === 'open' ? 'syn-ack' : 'conn-refused';
      onUp?.(r.host, isLoopback(r.host) ? 'localhost-response' : answer);
    },
  });
  return hosts.filter((h) => up.has(h));
}
