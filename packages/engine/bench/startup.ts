// Benchmark 6: start-up of the compiled CLIs. `netguard-scan --help`, `netguard-packets --help`
// and `netguard-risk --help` as whole processes against `node -e 0`, alternating, medians of
// BENCH_ROUNDS x 4 rounds: each within 2x node's wall time and under 60 MB peak RSS. No traffic.

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { requireTool } from '../../../bench/tools.ts';
import { alternate, ROUNDS, ratio, report, timeProcess } from './lib.ts';

requireTool('/usr/bin/time', 'time');
const repo = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
execFileSync(process.execPath, [repo('scripts/build-node.mjs'), 'engine', 'packets', 'risk'], {
  stdio: 'inherit',
});
const NODE = 'node -e 0';
const CLIS = {
  'netguard-scan --help': 'packages/engine/bin/netguard-scan.js',
  'netguard-packets --help': 'packages/packets/bin/netguard-packets.js',
  'netguard-risk --help': 'packages/risk/bin/netguard-risk.js',
};
const LIMIT_MB = 60;

const none = new Set<string>();
const compared = await alternate(
  '#6 start-up',
  ROUNDS * 4,
  [
    {
      name: NODE,
      run: async () => ({ ...(await timeProcess(process.execPath, ['-e', '0'])), open: none }),
    },
    ...Object.entries(CLIS).map(([name, bin]) => ({
      name,
      run: async () => {
        const r = await timeProcess(process.execPath, [repo(bin), '--help']);
        if (!r.stdout.startsWith('Usage:')) throw new Error(`${name} printed no usage`);
        return { ...r, open: none };
      },
    })),
  ],
  [],
);
const ratios = Object.fromEntries(Object.keys(CLIS).map((n) => [n, ratio(compared, n, NODE)]));
const rss = Object.fromEntries(Object.keys(CLIS).map((n) => [n, compared.peakRssMb[n]]));
report(compared.rows, {
  ratios,
  peakRssMb: rss,
  target: `each <= 2.00 x node -e 0, peak RSS < ${LIMIT_MB} MB`,
  ok: Object.keys(CLIS).every((n) => ratios[n]! <= 2 && (rss[n] ?? Infinity) < LIMIT_MB),
});
