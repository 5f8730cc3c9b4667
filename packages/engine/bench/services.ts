// Benchmark 5: real Debian daemons on 127.0.9.1-7 (redis with and without a password, memcached,
// vsftpd with and without anonymous login, nginx over TLS unhardened and hardened), each scanned on
// every daemon's port: the compiled CLI as a whole process with service detection and every check
// (--run all --checks all) against nmap -sT -sV -T4 -n, alternating. The CLI must take at most half
// nmap's time, name each service as nmap does, and keep every finding of the in-process engine and
// the ones the daemons are known to have. Traffic: 127.0.9.0/24 only.

import { requireTool } from '../../../bench/tools.ts';
import { createEngine } from '../src/engine.ts';
import { makeCert } from '../src/testing/certs.ts';
import { startMemcached, startNginx, startRedis, startVsftpd } from '../src/testing/daemons.ts';
import type { Peer } from '../src/testing/peers.ts';
import { alternate, buildCli, ROUNDS, ratio, report, runCli, runNmap } from './lib.ts';

requireTool('nmap', 'nmap');
requireTool('/usr/bin/time', 'time');
buildCli();
const CLI = 'netguard-scan --run all --checks all';
const NMAP = 'nmap -sT -sV -T4 -n';
const TARGETS = '127.0.9.1-7';

const tls = makeCert('valid');
const peers: Peer[] = [];
try {
  peers.push(
    await startRedis('127.0.9.1'),
    await startRedis('127.0.9.2', 'Str0ng-redis-password'),
    await startMemcached('127.0.9.3'),
    await startVsftpd('127.0.9.4', true),
    await startVsftpd('127.0.9.5', false),
    await startNginx('127.0.9.6', { tls, hardened: false }),
    await startNginx('127.0.9.7', { tls, hardened: true }),
  );
  const ports = [...new Set(peers.map((p) => p.port))].join(',');
  const expected = peers.map((p) => `${p.host}:${p.port}`);
  const known = [
    `127.0.9.1:${peers[0]!.port}:redis-no-auth`,
    `127.0.9.3:${peers[2]!.port}:memcached-exposed`,
    `127.0.9.4:${peers[3]!.port}:ftp-anonymous`,
  ];

  // The in-process engine's findings are the reference the CLI must keep.
  const reference = new Set<string>();
  await createEngine({ ports: ports.split(',').map(Number), checks: 'all' }).run(TARGETS, {
    onFinding: (f) => reference.add(`${f.host}:${f.port}:${f.check_id}`),
  });
  let cliFindings = new Set<string>();
  let cliServices = new Map<string, string>();
  let nmapServices = new Map<string, string>();
  const compared = await alternate(
    '#5 7 daemons, services + checks',
    ROUNDS,
    [
      {
        name: CLI,
        run: async () => {
          const r = await runCli(TARGETS, ['-p', ports, '--run', 'all', '--checks', 'all']);
          cliFindings = new Set(
            r.lines
              .filter((l) => l.type === 'finding')
              .map((l) => `${l.host}:${l.port}:${l.check_id}`),
          );
          cliServices = new Map(
            r.lines
              .filter((l) => l.type === 'port' && l.state === 'open')
              .map((l) => [`${l.host}:${l.port}`, String((l as { service?: string }).service)]),
          );
          return r;
        },
      },
      {
        name: NMAP,
        run: async () => {
          const r = await runNmap(['-sT', '-sV', '-T4', '-n', '-p', ports, TARGETS]);
          nmapServices = new Map(
            [...r.stdout.matchAll(/Host: (\S+).*Ports: (.*)/g)].flatMap((m) =>
              m[2]!
                .split(', ')
                .map((e) => e.split('/'))
                .filter((f) => f[1] === 'open')
                // Grepable output: port/state/protocol/owner/service; nmap writes TLS as ssl|http.
                .map((f) => [`${m[1]}:${f[0]}`, (f[4] ?? '').replace(/^ssl\|http$/, 'https')]),
            ),
          );
          return r;
        },
      },
    ],
    expected,
  );
  const missing = [...new Set([...reference, ...known])].filter((f) => !cliFindings.has(f));
  const named = [...nmapServices].filter(([k, name]) => cliServices.get(k) === name);
  const differing = [...nmapServices]
    .filter(([k, name]) => cliServices.get(k) !== name)
    .map(([k, name]) => `${k} nmap ${name}, netguard ${cliServices.get(k)}`);
  const r = ratio(compared, CLI, NMAP);
  report(compared.rows, {
    processRatio: r,
    findings: cliFindings.size,
    missingFindings: missing,
    servicesNamedAsNmap: `${named.length}/${nmapServices.size}`,
    differing,
    target: 'whole process <= 0.50 x nmap -sV, every finding kept, services named as nmap',
    ok: r <= 0.5 && missing.length === 0 && differing.length === 0,
  });
} finally {
  await Promise.all(peers.map((p) => p.close()));
}
