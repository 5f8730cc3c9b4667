// Benchmark 3: 127.0.0.0/20 (4096 addresses) x 3 ports through the whole engine (discovery,
// ports, service detection, checks); peak RSS must stay under 200 MB. nmap's time on the same
// scan is shown beside it. Traffic: 127.0.0.0/20 only.

import { requireTool } from '../../../bench/tools.ts';
import { type Peer, startTcpPeer } from '../src/testing/peers.ts';
import { fmt, peakRssMb, recall, report, runEngine, runNmap } from './lib.ts';

requireTool('nmap', 'nmap');
const PORTS = [18080, 18443, 12222];
const LIMIT_MB = 200;

const peers: Peer[] = [];
try {
  // 16 listeners spread over the /20, on the three scanned ports.
  for (let i = 0; i < 16; i++) {
    const host = `127.0.${i}.${((i * 37) % 250) + 2}`;
    const peer = await startTcpPeer(host, undefined, PORTS[i % 3]).catch(() => undefined);
    if (peer) peers.push(peer);
  }
  const expected = peers.map((p) => `${p.host}:${p.port}`);
  const before = peakRssMb();
  const ports = await runEngine('127.0.0.0/20', { ports: PORTS });
  const full = await runEngine('127.0.0.0/20', { ports: PORTS, portsOnly: false, checks: 'all' });
  const rss = peakRssMb();
  const n = await runNmap(['-sT', '-T4', '-n', '-p', PORTS.join(','), '127.0.0.0/20']);
  const bench = '#3 127.0.0.0/20 x 3';
  report(
    [
      {
        bench,
        scanner: 'netguard (ports only)',
        ms: fmt(ports.ms),
        recall: recall(expected, ports.open),
        open: ports.open.size,
        note: `${ports.ports} ports`,
      },
      {
        bench,
        scanner: 'netguard (services + checks)',
        ms: fmt(full.ms),
        recall: recall(expected, full.open),
        open: full.open.size,
        note: `peak RSS ${rss} MB over both runs (${before} MB before the first)`,
      },
      {
        bench,
        scanner: 'nmap -sT -T4',
        ms: fmt(n.ms),
        recall: recall(expected, n.open),
        open: n.open.size,
      },
    ],
    {
      ratio: Number((ports.ms / n.ms).toFixed(2)),
      peakRssMb: rss,
      target: `peak RSS < ${LIMIT_MB} MB`,
      ok: rss < LIMIT_MB,
    },
  );
} finally {
  await Promise.all(peers.map((p) => p.close()));
}
