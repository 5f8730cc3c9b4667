// The bind guard holds: a test file that binds outside its loopback block fails, one that stays
// inside passes (fixtures/binds.test.ts, run by a Vitest of its own).
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { bindViolation, parseLocal } from './binds.ts';
import { resourcesOf } from './resources.ts';

const run = promisify(execFile);
/** A Vitest of its own takes 4–5 s here, and much longer beside a loaded suite. */
const NESTED_RUN_MS = 120_000;
let runs = 0;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the fixtures in a Vitest of their own; each test's title and status. */
async function runFixtures(...args: string[]) {
  const out = join(tmpdir(), `netguard-bind-guard-${process.pid}-${++runs}.json`);
  await run(
    process.execPath,
    [
      join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      join(ROOT, 'scripts/testing/fixtures/vitest.config.ts'),
      '--reporter=json',
      `--outputFile=${out}`,
      ...args,
    ],
    { cwd: ROOT, timeout: NESTED_RUN_MS },
  ).catch(() => undefined); // failing tests are the point: exit code 1
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    testResults: {
      assertionResults: { title: string; status: string; failureMessages: string[] }[];
    }[];
  };
  rmSync(out, { force: true });
  return report.testResults.flatMap((f) => f.assertionResults);
}

const EXPECTED = {
  'tcp in the block': 'passed',
  'tcp on 127.0.0.1, port 0': 'passed',
  'tcp outside the block': 'failed',
  'tcp on every address': 'failed',
  'child tcp in the block': 'passed',
  'child tcp outside the block': 'failed',
  'udp outside the block': 'failed',
  'udp client send (implicit bind)': 'passed',
  'neighbour tcp in its own block': 'passed',
  "neighbour tcp in binds.test.ts's block": 'failed',
};

it(
  'fails the tests that bind outside the block, and only those',
  async () => {
    const results = await runFixtures();
    expect(Object.fromEntries(results.map((r) => [r.title, r.status]))).toEqual(EXPECTED);
    const outside = results.find((r) => r.title === 'tcp outside the block');
    expect(outside?.failureMessages.join('\n')).toMatch(
      /bind guard: tcp 127\.63\.255\.7:\d+ .* block 127\.\d+\.\d+\.0\/24/,
    );
  },
  NESTED_RUN_MS,
);

it(
  'holds each file to its own block when one worker runs both files unisolated',
  async () => {
    const results = await runFixtures('--no-isolate', '--maxWorkers=1');
    expect(Object.fromEntries(results.map((r) => [r.title, r.status]))).toEqual(EXPECTED);
  },
  NESTED_RUN_MS,
);

it('gives each file its own block, namespaces and veth subnets', () => {
  const a = resourcesOf(fileURLToPath(import.meta.url));
  const b = resourcesOf(join(ROOT, 'scripts/testing/fixtures/binds.test.ts'));
  expect(a.block).not.toBe(b.block);
  expect(a.block).toMatch(/^127\.(6[4-9]|[7-9]\d|1[0-8]\d|19[01])\.\d+\.0\/24$/);
  expect(a.contains(a.host(9))).toBe(true);
  expect(b.contains(a.host(9))).toBe(false);
  expect(a.subnet(16, 28)).toBe(a.host(16).replace(/\d+$/, '16/28'));
  expect(() => a.subnet(3, 28)).toThrow(/not a range inside/);
  const [na, nb] = [a.namespace(1), b.namespace(1)];
  expect(na.name).not.toBe(nb.name);
  expect(na.outsideLink.length).toBeLessThan(16);
  expect(na.insideAddress).not.toBe(nb.insideAddress);
  expect(() => resourcesOf(join(ROOT, 'package.json'))).toThrow(/not a test file/);
});

it('reads addresses as ss prints them, and keeps 127.0.0.1 to kernel-chosen ports', () => {
  expect(parseLocal('[::1]:5432')).toEqual({ address: '::1', port: 5432 });
  expect(parseLocal('0.0.0.0%lo:53')).toEqual({ address: '0.0.0.0', port: 53 });
  expect(parseLocal('*:68')).toEqual({ address: '*', port: 68 });
  const r = resourcesOf(fileURLToPath(import.meta.url));
  expect(bindViolation(r, { proto: 'tcp', address: '127.0.0.1', port: 6379 })).toMatch(/outside/);
  expect(bindViolation(r, { proto: 'tcp', address: '127.0.0.1', port: 40000 })).toBeUndefined();
  expect(bindViolation(r, { proto: 'tcp', address: '::', port: 40000 })).toMatch(/every address/);
  expect(bindViolation(r, { proto: 'udp', address: '0.0.0.0', port: 40000 })).toBeUndefined();
  expect(bindViolation(r, { proto: 'udp', address: '0.0.0.0', port: 53 })).toMatch(/outside/);
  expect(
    bindViolation(r, { proto: 'tcp', address: `::ffff:${r.host(4)}`, port: 80 }),
  ).toBeUndefined();
});
