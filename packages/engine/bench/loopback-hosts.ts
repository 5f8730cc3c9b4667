// Benchmark 2: 32 loopback hosts (127.0.1.1-127.0.1.32) x top1000 ports with 64 listeners spread
// over them: the engine in this process and the compiled CLI as a whole process (ports only),
// against nmap -sT -T4 -n --top-ports 1000. Traffic: 127.0.1.0/24 only.

import { topPorts } from '@netguard/contracts';
import { requireTool } from '../../../bench/tools.ts';
import { type Peer, startTcpPeer } from '../src/testing/peers.ts';
import { alternate, buildCli, ROUNDS, ratio, report, runCli, runEngine, runNmap } from './lib.ts';

requireTool('nmap', 'nmap');
requireTool('/usr/bin/time', 'time');
buildCli();
const HOSTS = Array.from({ length: 32 }, (_, i) => `127.0.1.${i + 1}`);
// Listen on ports from the top 1000 above 1024, so no system daemon is in the way.
const CANDIDATES = topPorts(1000).filter((p) => p > 1024);
const IN_PROCESS = 'netguard (in process)';
const CLI = 'netguard-scan --top-ports 1000 --run ports';
const NMAP = 'nmap -sT -T4 -n --top-ports 1000';

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
  const compared = await alternate(
    '#2 127.0.1.1-32 x top1000',
    ROUNDS,
    [
      { name: IN_PROCESS, run: () => runEngine('127.0.1.1-32', { ports: 'top1000' }) },
      { name: CLI, run: () => runCli('127.0.1.1-32', ['--top-ports', '1000', '--run', 'ports']) },
      {
        name: NMAP,
        run: () => runNmap(['-sT', '-T4', '-n', '--top-ports', '1000', '127.0.1.1-32']),
      },
    ],
    expected,
  );
  const inProcess = ratio(compared, IN_PROCESS, NMAP);
  const process = ratio(compared, CLI, NMAP);
  report(compared.rows, {
    inProcessRatio: inProcess,
    processRatio: process,
    target: 'in process <= 0.50, whole process <= 1.00 x nmap, recall 100%',
    ok: inProcess <= 0.5 && process <= 1,
  });
} finally {
  await Promise.all(peers.map((p) => p.close()));
}
