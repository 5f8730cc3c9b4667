// Benchmark 2: 32 loopback hosts (127.0.1.1-127.0.1.32) x top1000 ports, engine vs
// nmap -sT -T4 --top-ports 1000 on the same hosts, with 64 listeners spread over them.
// Traffic: 127.0.1.0/24 only.

import { topPorts } from '@netguard/contracts';
import { median, requireTool } from '../../../bench/tools.ts';
import { type Peer, startTcpPeer } from '../src/testing/peers.ts';
import { fmt, load, recall, report, runEngine, runNmap } from './lib.ts';

requireTool('nmap', 'nmap');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HOSTS = Array.from({ length: 32 }, (_, i) => `127.0.1.${i + 1}`);
// Listen on ports from the top 1000 above 1024, so no system daemon is in the way.
const CANDIDATES = topPorts(1000).filter((p) => p > 1024);

const peers: Peer[] = [];
try {
  for (const [h, host] of HOSTS.entries()) {
    for (const k of [0, 1]) {
      const port = CANDIDATES[(h * 7 + k * 131) % CANDIDATES.length]!;
      // A port already taken on this address is simply left out of the expected set.
      const peer = await startTcpPeer(host, undefined, port).catch(() => undefined);
      if (peer) peers.push(peer);
    }
  }
  const expected = peers.map((p) => `${p.host}:${p.port}`);
  const engine: number[] = [];
  const nmap: number[] = [];
  const cpu = { engine: [] as number[], nmap: [] as number[] };
  let rows = { engine: '', nmap: '', engineOpen: 0, nmapOpen: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const e = await runEngine('127.0.1.1-32', { ports: 'top1000' });
    const n = await runNmap(['-sT', '-T4', '-n', '--top-ports', '1000', '127.0.1.1-32']);
    engine.push(e.ms);
    nmap.push(n.ms);
    rows = {
      engine: recall(expected, e.open),
      nmap: recall(expected, n.open),
      engineOpen: e.open.size,
      nmapOpen: n.open.size,
    };
    cpu.engine.push(e.cpuMs);
    cpu.nmap.push(n.cpuMs);
    console.log(
      `round ${round + 1} (load ${load()}): engine ${fmt(e.ms)} ms (cpu ${fmt(e.cpuMs)}), nmap ${fmt(n.ms)} ms (cpu ${fmt(n.cpuMs)})`,
    );
  }
  const bench = '#2 127.0.1.1-32 x top1000';
  report(
    [
      {
        bench,
        scanner: 'netguard',
        ms: fmt(median(engine)),
        cpuMs: fmt(median(cpu.engine)),
        recall: rows.engine,
        open: rows.engineOpen,
        note: `rounds ${engine.map(fmt).join('/')}`,
      },
      {
        bench,
        scanner: 'nmap -sT -T4 --top-ports 1000',
        ms: fmt(median(nmap)),
        cpuMs: fmt(median(cpu.nmap)),
        recall: rows.nmap,
        open: rows.nmapOpen,
        note: `rounds ${nmap.map(fmt).join('/')}`,
      },
    ],
    { ratio: Number((median(engine) / median(nmap)).toFixed(2)), target: 'recall 100%' },
  );
} finally {
  await Promise.all(peers.map((p) => p.close()));
}
