// Benchmark 4: a host in a network namespace behind a link with 20 ms delay and 1% loss,
// top1000 ports, engine vs nmap -sT -T4. The link is a veth pair with `tc netem` where the kernel
// has netem; otherwise a TUN pair joined by link-emulator.py, which delays and drops the same way.
// Traffic goes only to 10.200.0.2, an address that exists only inside the namespace created here;
// the scan refuses to start unless the route to it leaves through that link. Needs root.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { topPorts } from '@netguard/contracts';
import { median, requireTool } from '../../../bench/tools.ts';
import { fmt, load, recall, report, runEngine, runNmap } from './lib.ts';

requireTool('nmap', 'nmap');
requireTool('ip', 'iproute2');
requireTool('tc', 'iproute2');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const NS = 'ngbench';
const [OUTER, INNER] = ['ngb0', 'ngb1'];
const [LOCAL, HOST] = ['10.200.0.1', '10.200.0.2'];
const LISTEN = [22, 80, 443, 3306, 5432, 8080, 3389, 5900].filter((p) =>
  topPorts(1000).includes(p),
);

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' }).toString();
const inNs = (...args: string[]) => ip('netns', 'exec', NS, ...args);
const quiet = (fn: () => unknown) => {
  try {
    fn();
  } catch {
    // already gone
  }
};
const children: ChildProcess[] = [];

function teardown() {
  for (const child of children) {
    child.stdin?.end();
    child.kill();
  }
  quiet(() => ip('link', 'del', OUTER));
  quiet(() => ip('netns', 'del', NS));
}

/** Starts a child and waits for it to print "ready"; it exits when our stdin pipe closes. */
function startChild(cmd: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${cmd} did not start`)), 10_000);
    child.once('exit', (code) => reject(new Error(`${cmd} exited with ${code}`)));
    child.stdout!.once('data', () => {
      clearTimeout(timer);
      resolve(child);
    });
  });
}

/** veth + netem; false (and nothing left behind) when the kernel has no netem. */
function linkWithNetem(): boolean {
  ip('link', 'add', OUTER, 'type', 'veth', 'peer', 'name', INNER);
  ip('link', 'set', INNER, 'netns', NS);
  try {
    inNs('tc', 'qdisc', 'add', 'dev', INNER, 'root', 'netem', 'delay', '20ms', 'loss', '1%');
  } catch {
    ip('link', 'del', OUTER);
    return false;
  }
  ip('addr', 'add', `${LOCAL}/30`, 'dev', OUTER);
  inNs('ip', 'addr', 'add', `${HOST}/30`, 'dev', INNER);
  return true;
}

async function linkWithEmulator(): Promise<void> {
  const script = fileURLToPath(new URL('./link-emulator.py', import.meta.url));
  await startChild('python3', [script, OUTER, INNER, '20', '1', '600']);
  ip('link', 'set', INNER, 'netns', NS);
  ip('addr', 'add', LOCAL, 'peer', `${HOST}/32`, 'dev', OUTER);
  inNs('ip', 'addr', 'add', HOST, 'peer', `${LOCAL}/32`, 'dev', INNER);
}

const LISTENER = `
const net = require('node:net');
const ports = ${JSON.stringify(LISTEN)};
let ready = 0;
for (const port of ports) {
  net.createServer((s) => s.on('error', () => {}).end()).listen(port, '${HOST}', () => {
    if (++ready === ports.length) console.log('ready');
  });
}
process.stdin.on('end', () => process.exit(0)).resume();
setTimeout(() => process.exit(0), 600_000);
`;

process.once('SIGINT', () => {
  teardown();
  process.exit(130);
});
try {
  teardown(); // leftovers of an interrupted run
  if (ip('-4', 'addr').includes('10.200.0.')) throw new Error('10.200.0.0/24 is in use here');
  ip('netns', 'add', NS);
  let link = 'veth + tc netem';
  if (!linkWithNetem()) {
    await linkWithEmulator();
    link = 'TUN + link-emulator.py (this kernel has no netem)';
  }
  ip('link', 'set', OUTER, 'up');
  inNs('ip', 'link', 'set', INNER, 'up');
  inNs('ip', 'link', 'set', 'lo', 'up');
  const route = ip('route', 'get', HOST);
  if (!route.includes(`dev ${OUTER}`)) throw new Error(`refusing to scan: ${HOST} routes ${route}`);
  await startChild('ip', ['netns', 'exec', NS, process.execPath, '-e', LISTENER]);
  console.log(`namespace ${NS}: ${HOST} behind ${link}, delay 20ms loss 1%`);

  const expected = LISTEN.map((p) => `${HOST}:${p}`);
  const engine: number[] = [];
  const nmap: number[] = [];
  const cpu = { engine: [] as number[], nmap: [] as number[] };
  const found = { engine: [] as string[], nmap: [] as string[] };
  for (let round = 0; round < ROUNDS; round++) {
    const e = await runEngine(HOST, { ports: 'top1000', scope: { allow: [`${HOST}/32`] } });
    const n = await runNmap(['-sT', '-T4', '-n', '--top-ports', '1000', HOST]);
    engine.push(e.ms);
    nmap.push(n.ms);
    found.engine.push(recall(expected, e.open));
    found.nmap.push(recall(expected, n.open));
    cpu.engine.push(e.cpuMs);
    cpu.nmap.push(n.cpuMs);
    console.log(
      `round ${round + 1} (load ${load()}): engine ${fmt(e.ms)} ms (cpu ${fmt(e.cpuMs)}), nmap ${fmt(n.ms)} ms (cpu ${fmt(n.cpuMs)})`,
    );
  }
  const bench = '#4 netns host, 20ms 1% loss, top1000';
  report(
    [
      {
        bench,
        scanner: 'netguard',
        ms: fmt(median(engine)),
        cpuMs: fmt(median(cpu.engine)),
        recall: found.engine.join(' '),
        open: null,
        note: `rounds ${engine.map(fmt).join('/')}`,
      },
      {
        bench,
        scanner: 'nmap -sT -T4 --top-ports 1000',
        ms: fmt(median(nmap)),
        cpuMs: fmt(median(cpu.nmap)),
        recall: found.nmap.join(' '),
        open: null,
        note: `rounds ${nmap.map(fmt).join('/')}`,
      },
    ],
    { ratio: Number((median(engine) / median(nmap)).toFixed(2)), link, target: 'recall 100%' },
  );
} finally {
  teardown();
}
