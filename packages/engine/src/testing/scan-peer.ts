import { expect } from 'vitest';
import { createEngine } from '../engine.ts';
import type { Finding, ServiceResult } from '../types.ts';
import type { Peer } from './peers.ts';

/** Scans one peer's port through the whole engine: its service and findings, as the CLI has them. */
export async function scanPeer(peer: Peer) {
  const ports: ServiceResult[] = [];
  const findings: Finding[] = [];
  await createEngine({ ports: [peer.port] }).run(peer.host, {
    onPort: (p) => ports.push(p),
    onFinding: (f) => findings.push(f),
  });
  expect(ports).toHaveLength(1);
  return {
    service: ports[0]!.service,
    checks: findings.map((f) => f.check_id).sort(),
    findings,
  };
}
