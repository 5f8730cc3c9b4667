import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTarget } from '../../../scripts/build-node.mjs';
import { prestartThreads } from './port-engine.ts';
import { borrowTcpPool, returnTcpPool } from './ports/pool-reuse.ts';

const dir = mkdtempSync(join(tmpdir(), 'netguard-cli-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The sources a ports-only run compiles: bin.js, the CLI's chunk and what they import statically. */
function startupInputs(meta: Metafile): string[] {
  const outputs = Object.entries(meta.outputs);
  const cli = outputs.find(([, o]) => 'packages/engine/src/cli.ts' in o.inputs)?.[0];
  const bin = outputs.find(([name]) => name.endsWith('/bin.js'))?.[0];
  const seen = new Set<string>();
  const visit = (name: string | undefined) => {
    if (!name || !meta.outputs[name] || seen.has(name)) return; // node: built-ins are no outputs
    seen.add(name);
    for (const i of meta.outputs[name]!.imports) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(bin);
  visit(cli);
  return [...seen].flatMap((name) => Object.keys(meta.outputs[name]!.inputs));
}

describe('the CLI start-up', () => {
  it('loads neither zod nor service detection, the checks or the writers for a ports-only run', async () => {
    const meta: Metafile = await buildTarget('engine', dir);
    const inputs = startupInputs(meta);
    expect(inputs).toContain('packages/engine/src/port-engine.ts');
    expect(inputs).toContain('packages/engine/src/ports/tcp-pool.ts');
    const heavy = inputs.filter((i) =>
      /node_modules\/zod\/|src\/checks\/|src\/services\/detect|src\/analysis|src\/output\/(sarif|nmap-xml)|src\/advisories\//.test(
        i,
      ),
    );
    expect(heavy).toEqual([]);
    // ...while the whole bundle still carries them for the runs that need them.
    const all = Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(all.some((i) => i.includes('node_modules/zod/'))).toBe(true);
    expect(all).toContain('packages/engine/src/analysis.ts');
  }, 60_000);

  it('starts the threads of a run big enough for them before the run, and none for a small one', () => {
    expect(prestartThreads({ ports: 'all', threads: 2 }, '127.0.0.1')).toBe(2);
    // The run takes the idle threads instead of starting its own.
    const pool = borrowTcpPool(2);
    expect(pool.alive).toBe(true);
    returnTcpPool(pool);
    expect(prestartThreads({ ports: '1-10', threads: 2 }, '127.0.0.1')).toBe(0);
    expect(prestartThreads({ ports: 'all', threads: 1 }, '127.0.0.1')).toBe(0);
  });
});
