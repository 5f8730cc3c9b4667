// Benchmark 1: all 65535 TCP ports of 127.0.0.1 with 20 listeners: the engine in this process and
// the compiled CLI as a whole process (ports only), against nmap -sT -p- -T4 -n as a whole process.
// Rounds alternate the three; ratios compare medians. Traffic: 127.0.0.1 only.

import { requireTool } from '../../../bench/tools.ts';
import { type Peer, startTcpPeer } from '../src/testing/peers.ts';
import { alternate, buildCli, ROUNDS, ratio, report, runCli, runEngine, runNmap } from './lib.ts';

requireTool('nmap', 'nmap');
requireTool('/usr/bin/time', 'time');
buildCli();
const NMAP = 'nmap -sT -p- -T4 -n';
const CLI = 'netguard-scan -p all --run ports';
const peers: Peer[] = [];
try {
  for (let i = 0; i < 20; i++) peers.push(await startTcpPeer('127.0.0.1'));
  const expected = peers.map((p) => `127.0.0.1:${p.port}`);
  const all = (n: number) => {
    if (n !== 65535) throw new Error(`netguard scanned ${n} ports, not 65535`);
  };
  const compared = await alternate(
    '#1 127.0.0.1 x 65535',
    ROUNDS,
    [
      {
        name: 'netguard (in process)',
        run: async () => {
          const r = await runEngine('127.0.0.1', { ports: 'all' });
          all(r.ports);
          return r;
        },
      },
      {
        name: CLI,
        run: async () => {
          const r = await runCli('127.0.0.1', ['-p', 'all', '--run', 'ports']);
          all(r.ports);
          return r;
        },
      },
      { name: NMAP, run: () => runNmap(['-sT', '-p-', '-T4', '-n', '127.0.0.1']) },
    ],
    expected,
  );
  const process = ratio(compared, CLI, NMAP);
  report(compared.rows, {
    inProcessRatio: ratio(compared, 'netguard (in process)', NMAP),
    processRatio: process,
    target: 'whole process <= 1.00 x nmap, recall 100%',
    ok: process <= 1,
  });
} finally {
  await Promise.all(peers.map((p) => p.close()));
}
