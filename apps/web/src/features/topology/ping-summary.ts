import type { TTopologyPingResult } from '@netguard/contracts';

/**
 * One line for a Ping Test outcome.
 * @example pingSummary(result) // "Reachable in 0.42 ms (TCP port 8888 open)"
 */
export function pingSummary(result: TTopologyPingResult): string {
  if (!result.reachable || result.rtt_ms === null) {
    return `No answer from ${result.host} on TCP ports ${result.probed_ports.join(', ')}`;
  }
  const how = result.port_state === 'open' ? 'open' : 'refused the connection';
  return `Reachable in ${result.rtt_ms} ms (TCP port ${result.port} ${how})`;
}
