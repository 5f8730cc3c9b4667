import {
  PACKET_STATS_CONVERSATIONS,
  type TPacketStats,
  type TTopologyLink,
} from '@netguard/contracts';

/** An uploaded capture's name and the statistics its upload stored. */
export type CaptureTraffic = { name: string; stats: Pick<TPacketStats, 'bytes' | 'conversations'> };

export type LinkTraffic = Pick<TTopologyLink, 'traffic' | 'traffic_bytes' | 'traffic_capture'>;

const UNMEASURED: LinkTraffic = { traffic: null, traffic_bytes: null, traffic_capture: null };

/** The stored list holds every conversation of the capture only when it is shorter than the cap. */
const complete = (capture: CaptureTraffic) =>
  capture.stats.conversations.length < PACKET_STATS_CONVERSATIONS && capture.stats.bytes > 0;

/**
 * Traffic over a link that separates the `inside` addresses (a host, or a gateway's /24) from the
 * rest of the network: the bytes of the conversations with exactly one end inside, in the newest
 * capture (first in `captures`) that lists all its conversations and saw an inside address.
 * Unmeasured (nulls) when no capture covers the link.
 * @example measureLink((a) => a === '192.0.2.7', captures) // { traffic: 40, traffic_bytes: 4096, ... }
 */
export function measureLink(
  inside: (address: string) => boolean,
  captures: readonly CaptureTraffic[],
): LinkTraffic {
  for (const capture of captures) {
    if (!complete(capture)) continue;
    const { conversations, bytes } = capture.stats;
    if (!conversations.some((c) => inside(c.a) || inside(c.b))) continue;
    const crossing = conversations
      .filter((c) => inside(c.a) !== inside(c.b))
      .reduce((sum, c) => sum + c.bytes, 0);
    return {
      traffic: Math.min(100, Math.round((100 * crossing) / bytes)),
      traffic_bytes: crossing,
      traffic_capture: capture.name,
    };
  }
  return UNMEASURED;
}
