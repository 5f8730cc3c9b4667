// Benchmark 3: 127.0.0.0/20 (4096 addresses) x 3 ports, 16 listeners: the engine in this process
// and the compiled CLI as a whole process (ports only) against nmap -sT -T4 -n, alternating; the
// CLI's peak RSS must stay <= 100 MB. Then one run of the whole engine (discovery, ports, service
// detection, checks) in this process, whose peak RSS must stay under 200 MB. Traffic: 127.0.0.0/20.

import { requireTool } from '../../../bench/tools.ts';
import { type Peer, startTcpPeer } from '../src/testing/peers.ts';
import {
  alternate,
  buildCli,
  fmt,
  peakRssMb,
  ROUNDS,
  ratio,
  recall,
  report,
  runCli,
  runEngine,
  runNmap,
} from './lib.ts';

requireTool('nmap', 'nmap');
requireTool('/usr/bin/time', 'time');
buildCli();
const PORTS = [18080, 18443, 12222];
const CLI_LIMIT_MB = 100;
const ENGINE_LIMIT_MB = 200;
const IN_PROCESS = 'netguard (in process)';
const CLI = 'netguard-scan --run ports';
const NMAP = 'nmap -sT -T4 -n';

const peers: Peer[] = [];
try {
  for (let i = 0; i < 16; i++) {
    const host = `127.0.${i}.${((i * 37) % 250) + 2}`;
    const peer = await startTcpPeer(host, undefined, PORTS[i % 3]).catch(() => undefined);
    if (peer) peers.push(peer);
  }
  const expected = peers.map((p) => `${p.host}:${p.port}`);
  const list = PORTS.join(',');
  const compared = await alternate(
    '#3 127.0.0.0/20 x 3',
    ROUNDS,
    [
      { name: IN_PROCESS, run: () => runEngine('127.0.0.0/20', { ports: PORTS }) },
      { name: CLI, run: () => runCli('127.0.0.0/20', ['-p', list, '--run', 'ports']) },
      { name: NMAP, run: () => runNmap(['-sT', '-T4', '-n', '-p', list, '127.0.0.0/20']) },
    ],
    expected,
  );
  const before = peakRssMb();
  const full = await runEngine('127.0.0.0/20', { ports: PORTS, portsOnly: false, checks: 'all' });
  const engineRss = peakRssMb();
  const cliRss = compared.peakRssMb[CLI] ?? Number.POSITIVE_INFINITY;
  const inProcess = ratio(compared, IN_PROCESS, NMAP);
  const process = ratio(compared, CLI, NMAP);
  report(
    [
      ...compared.rows,
      {
        bench: '#3 127.0.0.0/20 x 3',
        scanner: 'netguard (in process, services + checks)',
        ms: fmt(full.ms),
        recall: recall(expected, full.open),
        open: full.open.size,
        note: `this process's peak RSS ${engineRss} MB (${before} MB before the run)`,
      },
    ],
    {
      inProcessRatio: inProcess,
      processRatio: process,
      cliPeakRssMb: cliRss,
      enginePeakRssMb: engineRss,
      target: `in process <= 0.70, whole process <= 1.00 x nmap with peak RSS <= ${CLI_LIMIT_MB} MB; whole engine < ${ENGINE_LIMIT_MB} MB`,
      ok: inProcess <= 0.7 && process <= 1 && cliRss <= CLI_LIMIT_MB && engineRss < ENGINE_LIMIT_MB,
    },
  );
} finally {
  await Promise.all(peers.map((p) => p.close()));
}
