#!/usr/bin/env node
// Packs a CLI package (engine, packets, risk) as a tarball that installs on its own: the compiled
// bundle (workspace packages and zod inlined, so no dependencies), its bin and README, under a
// manifest without the workspace's private flag and dependencies. Usage:
//   node scripts/pack.mjs <engine|packets|risk> [destination folder, default artifacts/pack]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTarget, TARGETS } from './build-node.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKABLE = ['engine', 'packets', 'risk'];

/** Builds and packs `name`; resolves to the tarball's absolute path. */
export async function packPackage(name, destination = path.join(ROOT, 'artifacts/pack')) {
  if (!PACKABLE.includes(name)) throw new Error(`cannot pack ${name}: ${PACKABLE.join(', ')}`);
  const source = path.join(ROOT, TARGETS[name].dir);
  const manifest = JSON.parse(await readFile(path.join(source, 'package.json'), 'utf8'));
  const staging = await mkdtemp(path.join(os.tmpdir(), `netguard-pack-${name}-`));
  try {
    // Built into the staging folder: the workspace's own dist, which tests may be running, stays.
    await buildTarget(name, path.join(staging, 'dist'));
    for (const entry of ['bin', 'README.md']) {
      if (existsSync(path.join(source, entry)))
        await cp(path.join(source, entry), path.join(staging, entry), { recursive: true });
    }
    const root = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
    const packed = {
      name: manifest.name,
      version: manifest.version,
      description: manifest.description,
      type: 'module',
      license: root.license,
      engines: root.engines,
      exports: { '.': './dist/index.js' },
      bin: manifest.bin,
    };
    await writeFile(path.join(staging, 'package.json'), `${JSON.stringify(packed, null, 2)}\n`);
    await mkdir(destination, { recursive: true });
    const out = execFileSync(
      'npm',
      ['pack', '--json', '--pack-destination', path.resolve(destination)],
      { cwd: staging, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    return path.resolve(destination, JSON.parse(out)[0].filename);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [name, destination] = process.argv.slice(2);
  if (!name) {
    console.error(`usage: node scripts/pack.mjs <${PACKABLE.join('|')}> [destination]`);
    process.exit(2);
  }
  console.log(await packPackage(name, destination));
}
