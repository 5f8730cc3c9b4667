import { detectService } from '../services/detect.ts';
import type { CheckContext } from '../types.ts';
import type { Peer } from './peers.ts';

/** Detects the service on a test peer and wraps it as a check context, like the engine does. */
export async function contextFor(peer: Peer, hostname?: string): Promise<CheckContext> {
  const service = await detectService(peer.host, peer.port, {
    timeoutMs: 1500,
    bannerWaitMs: 300,
    hostname,
  });
  return { host: peer.host, hostname, port: peer.port, protocol: 'tcp', service, timeoutMs: 1500 };
}
