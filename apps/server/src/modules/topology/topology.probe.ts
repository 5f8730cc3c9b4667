import type { TTopologyPingResult } from '@netguard/contracts';
import { scanTcp, topPorts } from '@netguard/engine';

/** How long one connect may take before the port counts as silent. */
const PROBE_TIMEOUT_MS = 2_000;
/** Ports tried: the host's known open ports first, then the most common ones, this many in all. */
const PROBE_PORTS = 6;

/**
 * The ports a reachability probe tries, known open ports first; never those of `skipped` (this
 * deployment's own, for a tenant).
 */
export function probePorts(
  knownOpen: readonly number[],
  skipped: ReadonlySet<number> = new Set(),
): number[] {
  const candidates = [...knownOpen, ...topPorts(PROBE_PORTS + skipped.size)];
  return [...new Set(candidates)].filter((p) => !skipped.has(p)).slice(0, PROBE_PORTS);
}

type Answer = { port: number; state: 'open' | 'closed'; rttMs: number };

/**
 * A TCP "ping": connects to a few ports at once. An accepted or a refused connection both prove
 * the host answers; the RTT is that of the fastest open port, else the fastest refusal. No answer within the timeout on
 * any port means unreachable (or every port filtered).
 */
export async function pingHost(
  host: string,
  ports: readonly number[],
): Promise<TTopologyPingResult> {
  const answers: Answer[] = [];
  await scanTcp([host], ports, {
    maxRetries: 0,
    initialTimeoutMs: PROBE_TIMEOUT_MS,
    minTimeoutMs: PROBE_TIMEOUT_MS,
    maxTimeoutMs: PROBE_TIMEOUT_MS,
    onResult: (r) => {
      if (r.state === 'open' || r.state === 'closed')
        answers.push({ port: r.port, state: r.state, rttMs: r.rttMs ?? PROBE_TIMEOUT_MS });
    },
  });
  // An open port says more than a refusal, so it is reported even when a refusal came first.
  const rank = (a: Answer) => (a.state === 'open' ? 0 : 1);
  const best = answers.sort((a, b) => rank(a) - rank(b) || a.rttMs - b.rttMs)[0];
  return {
    host,
    reachable: best !== undefined,
    rtt_ms: best ? Math.round(best.rttMs * 100) / 100 : null,
    port: best?.port ?? null,
    port_state: best?.state ?? null,
    probed_ports: [...ports],
  };
}
