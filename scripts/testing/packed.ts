// Test helper: packs a CLI package with scripts/pack.mjs and installs the tarball into an empty
// folder with npm, offline (a packed package has no dependencies to fetch).
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PACK = fileURLToPath(new URL('../pack.mjs', import.meta.url));

export type Installed = {
  /** The empty folder the tarball was installed into. */
  dir: string;
  tarball: string;
  /** Everything npm put under node_modules (scoped packages as scope/name). */
  installed: () => Promise<string[]>;
  /** Runs an installed bin with plain node; rejects on a non-zero exit like execFile. */
  bin: (name: string, args: string[]) => Promise<{ stdout: string; stderr: string }>;
  /** Runs an ES module snippet in the folder, so it imports the installed package by name. */
  script: (source: string) => Promise<string>;
  remove: () => Promise<void>;
};

export async function packAndInstall(name: 'engine' | 'packets' | 'risk'): Promise<Installed> {
  const dir = await mkdtemp(join(tmpdir(), `netguard-installed-${name}-`));
  const { stdout } = await run(process.execPath, [PACK, name, join(dir, 'tarball')]);
  const tarball = stdout.trim().split('\n').at(-1) ?? '';
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--prefix', dir, tarball], {
    cwd: dir,
  });
  return {
    dir,
    tarball,
    installed: async () => {
      const top = await readdir(join(dir, 'node_modules'));
      const names = await Promise.all(
        top
          .filter((n) => !n.startsWith('.'))
          .map(async (n) =>
            n.startsWith('@')
              ? (await readdir(join(dir, 'node_modules', n))).map((s) => `${n}/${s}`)
              : [n],
          ),
      );
      return names.flat();
    },
    bin: (bin, args) => run(process.execPath, [join(dir, 'node_modules/.bin', bin), ...args]),
    script: async (source) =>
      (await run(process.execPath, ['--input-type=module', '-e', source], { cwd: dir })).stdout,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
