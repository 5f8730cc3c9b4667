// Probes of the services the deployment runs on data: the scan engine on a canary target, packet
// reading, feeds, and the SIEM, cloud and SSO connections of the caller's organization.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@netguard/engine';
import {
  dissectFrame,
  encodePcapHeader,
  encodePcapRecord,
  LINKTYPE,
  readCaptureFile,
} from '@netguard/packets';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { PLANTED_CHECKS, startCanaryTarget } from './canary-target.ts';
import type { ConnectionCheck, IntegrationProbes } from './probes.ts';

export type ServiceDeps = {
  db: Executor;
  /** The configured integrations' own connection tests, in the caller's organization. */
  siemChecks: () => Promise<ConnectionCheck[]>;
  cloudChecks: () => Promise<ConnectionCheck[]>;
  ssoChecks: () => Promise<ConnectionCheck[]>;
};

const PACKETS = 10;

/** An Ethernet, IPv4 and TCP frame from 192.0.2.1:<port> to 192.0.2.2:443 (documentation addresses, in a file: nothing is sent). */
function tcpFrame(sourcePort: number): Uint8Array {
  const frame = new Uint8Array(54);
  const view = new DataView(frame.buffer);
  frame.set([2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1], 0);
  view.setUint16(12, 0x0800);
  frame.set([0x45, 0, 0, 40, 0, 1, 0, 0, 64, 6, 0, 0, 192, 0, 2, 1, 192, 0, 2, 2], 14);
  let sum = 0;
  for (let i = 14; i < 34; i += 2) sum += view.getUint16(i);
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  view.setUint16(24, ~sum & 0xffff);
  view.setUint16(34, sourcePort);
  view.setUint16(36, 443);
  view.setUint32(38, 1);
  view.setUint8(46, 0x50);
  view.setUint8(47, 0x02);
  view.setUint16(48, 65535);
  return frame;
}

export function serviceProbes(
  deps: ServiceDeps,
): Pick<
  IntegrationProbes,
  'canaryScan' | 'packetCapture' | 'feeds' | 'siemConnections' | 'cloudConnections' | 'ssoProviders'
> {
  return {
    async canaryScan(signal) {
      const target = await startCanaryTarget();
      try {
        const engine = createEngine({
          ports: String(target.port),
          checks: PLANTED_CHECKS.join(','),
          // Only the canary's own address and port are in scope.
          scope: { allow: [`${target.host}/32`] },
          timeoutMs: 3_000,
        });
        const found = new Set<string>();
        const openPorts: number[] = [];
        await engine.run(target.host, {
          signal,
          onPort: (result) => {
            if (result.state === 'open') openPorts.push(result.port);
          },
          onFinding: (finding) => {
            found.add(finding.check_id);
          },
        });
        return { planted: [...PLANTED_CHECKS], found: [...found], openPorts };
      } finally {
        await target.close();
      }
    },

    async packetCapture() {
      const dir = await mkdtemp(join(tmpdir(), 'netguard-selftest-'));
      try {
        const path = join(dir, 'probe.pcap');
        const frames = Array.from({ length: PACKETS }, (_, i) => tcpFrame(40_000 + i));
        const now = Math.floor(Date.now() / 1000);
        const records = frames.map((data, i) =>
          encodePcapRecord(
            { seconds: now, nanos: i * 1000, originalLength: data.length, data },
            false,
          ),
        );
        await writeFile(path, Buffer.concat([encodePcapHeader(LINKTYPE.ethernet), ...records]));
        let read = 0;
        let matching = 0;
        for await (const frame of readCaptureFile(path).frames()) {
          const packet = dissectFrame(frame);
          const tcp = packet.layers.find((l) => l.name === 'tcp');
          const port = tcp?.fields.find((f) => f.name === 'tcp.srcport')?.value;
          if (
            packet.source === '192.0.2.1' &&
            packet.destination === '192.0.2.2' &&
            port === 40_000 + read
          )
            matching++;
          read++;
        }
        return { packetsWritten: PACKETS, packetsRead: read, matching };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    async feeds() {
      const result = await deps.db.execute(sql`
        select source::text as name, max(finished_at) filter (where status = 'succeeded') as last
        from feed_imports group by source order by source`);
      return (result.rows as { name: string; last: string | Date | null }[]).map((r) => ({
        name: r.name,
        lastSuccessAt: r.last ? new Date(r.last).toISOString() : null,
      }));
    },

    siemConnections: () => deps.siemChecks(),
    cloudConnections: () => deps.cloudChecks(),
    ssoProviders: () => deps.ssoChecks(),
  };
}
