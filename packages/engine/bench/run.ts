// Benchmark 1 of issue 3: all 65535 TCP ports of 127.0.0.1 with 20 listeners, engine vs nmap -sT.
// Traffic goes to 127.0.0.1 only.
import { execFileSync } from 'node:child_process';
import { parsePorts } from '../src/ports/port-spec.ts';
import { scanTcp } from '../src/ports/scan-tcp.ts';
import { type Peer, startTcpPeer } from '../src/testing/peers.ts';

const peers: Peer[] = [];
for (let i = 0; i < 20; i++) peers.push(await startTcpPeer('127.0.0.1'));
const expected = new Set(peers.map((p) => p.port));

const t0 = performance.now();
const found = new Set<number>();
await scanTcp(['127.0.0.1'], parsePorts('all'), {
  onResult: (r) => {
    if (r.state === 'open') found.add(r.port);
  },
});
const engineMs = performance.now() - t0;
const recall = [...expected].filter((p) => found.has(p)).length / expected.size;

let nmapMs = Number.NaN;
try {
  const t1 = performance.now();
  execFileSync('nmap', ['-sT', '-p-', '-T4', '-n', '127.0.0.1', '-oG', '-'], { stdio: 'pipe' });
  nmapMs = performance.now() - t1;
} catch {
  console.log('nmap not installed (apt-get install -y nmap): no comparison');
}
await Promise.all(peers.map((p) => p.close()));

console.table([
  { scanner: 'netguard', ms: Math.round(engineMs), recall: `${(recall * 100).toFixed(0)}%` },
  { scanner: 'nmap -sT -T4', ms: Math.round(nmapMs), recall: '-' },
]);
console.log(`ratio engine/nmap: ${(engineMs / nmapMs).toFixed(2)} (target <= 1.00)`);
