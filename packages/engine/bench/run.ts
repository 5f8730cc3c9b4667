// The engine benchmarks (issues 3 and 18), each in its own process so that peak memory and timing of
// one do not leak into the next. `npm run bench -w @netguard/engine [-- 1 3]` runs all or some.
// Traffic goes only to 127.0.0.0/8 and to the namespace benchmark 4 creates and removes.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Row } from './lib.ts';

const BENCHES: Record<string, { file: string; root?: boolean }> = {
  '1': { file: 'all-ports.ts' },
  '2': { file: 'loopback-hosts.ts' },
  '3': { file: 'memory.ts' },
  '4': { file: 'netns.ts', root: true },
  '5': { file: 'services.ts' },
  '6': { file: 'startup.ts' },
};

type Result = { rows: Row[]; [key: string]: unknown };

function runOne(file: string): Promise<Result | string> {
  const path = fileURLToPath(new URL(`./${file}`, import.meta.url));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let result: Result | undefined;
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('RESULT ')) result = JSON.parse(line.slice(7)) as Result;
        else console.log(line);
      }
    });
    child.on('close', (code) => resolve(result ?? `exited with code ${code}`));
  });
}

const chosen = process.argv.slice(2).filter((a) => a in BENCHES);
const results: [string, Result | string][] = [];
for (const id of chosen.length ? chosen : Object.keys(BENCHES)) {
  const bench = BENCHES[id]!;
  console.log(`\n=== benchmark ${id} (${bench.file}) ===`);
  if (bench.root && process.getuid?.() !== 0) {
    results.push([id, 'skipped: needs root to create a network namespace']);
    continue;
  }
  results.push([id, await runOne(bench.file)]);
}

console.log('\n=== engine vs nmap, same run ===');
const rows: Row[] = [];
for (const [id, result] of results) {
  if (typeof result === 'string') {
    console.log(`benchmark ${id}: ${result}`);
    continue;
  }
  rows.push(...result.rows);
  const { rows: _rows, ...extra } = result;
  console.log(`benchmark ${id}: ${JSON.stringify(extra)}`);
}
console.table(rows);
