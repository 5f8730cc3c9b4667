// What a test file may use of the machine, so that files can run side by side: a loopback /24 of
// its own (listeners, daemons and range scans stay inside it), network-namespace names and veth
// subnets of its own, and temp folders named after it. A file's number is its place in the sorted
// list of the repository's test files, so two files never share a block, and NETGUARD_TEST_RUN
// (0..7) moves a whole run to other blocks, so that two runs (Node 20 and Node 24, Vitest and
// Playwright) can share the machine too.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SKIP = new Set([
  'node_modules',
  'dist',
  '.git',
  'artifacts',
  'coverage',
  'test-results',
  'playwright-report',
]);
const TEST_FILE = /\.(test|spec)\.tsx?$/;
/** Second octets 64..191: 16 per run (4,096 files), 8 runs; 127.0.x.x stays the machine's. */
const FIRST_BLOCK_OCTET = 64;
const OCTETS_PER_RUN = 16;
const MAX_RUN = 7;

let files: string[] | undefined;

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (TEST_FILE.test(entry.name)) out.push(relative(ROOT, path).split(sep).join('/'));
  }
  return out;
}

/** The repository's test files (Vitest and Playwright), sorted: a file's index is its block. */
export function testFiles(): string[] {
  files ??= walk(ROOT, []).sort();
  return files;
}

export function testRun(): number {
  const raw = process.env.NETGUARD_TEST_RUN ?? '0';
  const run = Number(raw);
  if (!Number.isInteger(run) || run < 0 || run > MAX_RUN)
    throw new Error(`NETGUARD_TEST_RUN is 0..${MAX_RUN}, not ${JSON.stringify(raw)}`);
  return run;
}

export type TestNamespace = {
  /** The namespace's name (ip netns). */
  name: string;
  /** The veth end outside (in the root namespace) and inside, each under 16 characters. */
  outsideLink: string;
  insideLink: string;
  outsideAddress: string;
  insideAddress: string;
  /** Both ends are in one /30: 10.a.b.<n*4> with a and b of the file's loopback block. */
  prefix: 30;
};

export type TestResources = {
  /** The file, relative to the repository root. */
  file: string;
  index: number;
  /** The file's loopback block, 127.a.b.0/24. */
  block: string;
  /** An address of the block: host(1) is 127.a.b.1 (n from 1 to 254). */
  host: (n: number) => string;
  /** A range inside the block: subnet(0, 28) is 127.a.b.0/28. */
  subnet: (first: number, prefix: number) => string;
  /** Whether an IPv4 address lies in the block. */
  contains: (address: string) => boolean;
  /** The file's n-th network namespace (n from 1 to 63) and its veth pair. */
  namespace: (n: number) => TestNamespace;
  /** A new temp folder named after the file (the caller removes it). */
  tempDir: (label: string) => string;
};

export function resourcesOf(fileOrUrl: string): TestResources {
  const path = fileOrUrl.startsWith('file:') ? fileURLToPath(fileOrUrl) : fileOrUrl;
  const file = relative(ROOT, path).split(sep).join('/');
  const index = testFiles().indexOf(file);
  if (index < 0)
    throw new Error(
      `${file} is not a test file of this repository (*.test.ts, *.test.tsx or *.spec.ts outside node_modules and dist)`,
    );
  const run = testRun();
  const second = FIRST_BLOCK_OCTET + run * OCTETS_PER_RUN + (index >> 8);
  const third = index & 255;
  const prefix = `127.${second}.${third}`;
  const octet = (n: number, max: number, what: string) => {
    if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`${what} is 0..${max}, not ${n}`);
    return n;
  };
  return {
    file,
    index,
    block: `${prefix}.0/24`,
    host: (n) => `${prefix}.${octet(n, 254, 'host number')}`,
    subnet: (first, bits) => {
      octet(first, 255, 'first address');
      if (!Number.isInteger(bits) || bits < 24 || bits > 32 || first % 2 ** (32 - bits) !== 0)
        throw new Error(`${first}/${bits} is not a range inside the file's /24`);
      return `${prefix}.${first}/${bits}`;
    },
    contains: (address) => address.replace(/^::ffff:/, '').startsWith(`${prefix}.`),
    namespace: (n) => {
      octet(n, 63, 'namespace number');
      if (n === 0) throw new Error('namespace number is 1..63');
      // 10.a.b.<n*4>/30, with a and b those of the loopback block.
      const net = `10.${second}.${third}`;
      const tag = `${run}x${index}n${n}`;
      return {
        name: `ng-t${tag}`,
        outsideLink: `ng${tag}o`,
        insideLink: `ng${tag}i`,
        outsideAddress: `${net}.${n * 4 + 1}`,
        insideAddress: `${net}.${n * 4 + 2}`,
        prefix: 30,
      };
    },
    tempDir: (label) =>
      mkdtempSync(join(tmpdir(), `netguard-t${run}x${index}-${label.replace(/[^\w-]/g, '-')}-`)),
  };
}
