// Benchmark 1: all 65535 TCP ports of 127.0.0.1 with 20 listeners, engine vs nmap -sT -p- -T4.
// Rounds alternate engine and nmap; the ratio compares medians. Traffic: 127.0.0.1 only.

import { median, requireTool } from '../../../bench/tools.ts';
import { type Peer, startTcpPeer } from '../src/testing/peers.ts';
import { fmt, load, recall, report, runEngine, runNmap } from './lib.ts';

requireTool('nmap', 'nmap');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const peers: Peer[] = [];
try {
  for (let i = 0; i < 20; i++) peers.push(await startTcpPeer('127.0.0.1'));
  const expected = peers.map((p) => `127.0.0.1:${p.port}`);
  const engine: number[] = [];
  const nmap: number[] = [];
  const cpu = { engine: [] as number[], nmap: [] as number[] };
  let engineRecall = '';
  let nmapRecall = '';
  let engineOpen = 0;
  let nmapOpen = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const e = await runEngine('127.0.0.1', { ports: 'all' });
    if (e.ports !== 65535) throw new Error(`engine scanned ${e.ports} ports, not 65535`);
    const n = await runNmap(['-sT', '-p-', '-T4', '-n', '127.0.0.1']);
    engine.push(e.ms);
    nmap.push(n.ms);
    engineRecall = recall(expected, e.open);
    nmapRecall = recall(expected, n.open);
    engineOpen = e.open.size;
    nmapOpen = n.open.size;
    cpu.engine.push(e.cpuMs);
    cpu.nmap.push(n.cpuMs);
    console.log(
      `round ${round + 1} (load ${load()}): engine ${fmt(e.ms)} ms (cpu ${fmt(e.cpuMs)}), nmap ${fmt(n.ms)} ms (cpu ${fmt(n.cpuMs)})`,
    );
  }
  const ratio = median(engine) / median(nmap);
  report(
    [
      {
        bench: '#1 127.0.0.1 x 65535',
        scanner: 'netguard',
        ms: fmt(median(engine)),
        cpuMs: fmt(median(cpu.engine)),
        recall: engineRecall,
        open: engineOpen,
        note: `rounds ${engine.map(fmt).join('/')}`,
      },
      {
        bench: '#1 127.0.0.1 x 65535',
        scanner: 'nmap -sT -p- -T4',
        ms: fmt(median(nmap)),
        cpuMs: fmt(median(cpu.nmap)),
        recall: nmapRecall,
        open: nmapOpen,
        note: `rounds ${nmap.map(fmt).join('/')}`,
      },
    ],
    { ratio: Number(ratio.toFixed(2)), target: 'ratio <= 1.00, recall 100%' },
  );
} finally {
  await Promise.all(peers.map((p) => p.close()));
}
