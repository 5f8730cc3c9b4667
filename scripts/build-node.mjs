#!/usr/bin/env node
// Compiles the server and the command-line packages to JavaScript with esbuild, so production and
// the CLIs run on plain `node` (tsx stays a development tool). Usage:
//   node scripts/build-node.mjs [server|engine|packets|risk|selftest|egress|cloud|remediation|evidence ...]   (all when none is named)
// The packages' bundles inline their workspace dependencies and zod, so a packed package
// (scripts/pack.mjs) needs nothing else; the server's bundle inlines the workspace packages and
// leaves node_modules to Node. Source maps are written next to each bundle.
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENGINE_ASSETS = ['packages/engine/src/advisories/bundled.json'];
const TCP_WORKER = 'packages/engine/src/ports/tcp-worker.js';

/** Bare imports other than the workspace's own stay imports, resolved by Node at run time. */
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@netguard/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** @type {Record<string, { dir: string, entries: string[], assets: string[][], external: boolean }>} */
export const TARGETS = {
  server: {
    dir: 'apps/server',
    entries: ['apps/server/src/main.ts', 'apps/server/src/cli.ts', TCP_WORKER],
    assets: [
      ['apps/server/src/db/migrations', 'migrations'],
      ...ENGINE_ASSETS.map((a) => [a, path.basename(a)]),
    ],
    external: true,
  },
  engine: {
    dir: 'packages/engine',
    entries: ['packages/engine/src/bin.ts', 'packages/engine/src/index.ts', TCP_WORKER],
    assets: ENGINE_ASSETS.map((a) => [a, path.basename(a)]),
    external: false,
  },
  packets: {
    dir: 'packages/packets',
    entries: ['packages/packets/src/bin.ts', 'packages/packets/src/index.ts'],
    assets: [],
    external: false,
  },
  risk: {
    dir: 'packages/risk',
    entries: ['packages/risk/src/bin.ts', 'packages/risk/src/index.ts'],
    assets: [],
    external: false,
  },
  // Node's built-ins, the engine's TLS probes and contracts: one bundle.
  selftest: {
    dir: 'packages/selftest',
    entries: ['packages/selftest/src/bin.ts', 'packages/selftest/src/index.ts'],
    assets: [],
    external: false,
  },
  // undici stays in node_modules.
  egress: {
    dir: 'packages/egress',
    entries: ['packages/egress/src/bin.ts', 'packages/egress/src/index.ts'],
    assets: [],
    external: true,
  },
  // The cloud SDKs are large and have their own dependencies: they stay in node_modules.
  cloud: {
    dir: 'packages/cloud',
    entries: ['packages/cloud/src/bin.ts', 'packages/cloud/src/index.ts'],
    assets: [],
    external: true,
  },
  // Verification runs the engine (its TCP worker and advisories beside the bundle); ssh2 and the
  // cloud SDKs the cloud executors load stay in node_modules.
  remediation: {
    dir: 'packages/remediation',
    entries: ['packages/remediation/src/bin.ts', 'packages/remediation/src/index.ts', TCP_WORKER],
    assets: ENGINE_ASSETS.map((a) => [a, path.basename(a)]),
    external: true,
  },
  // Needs Node's built-ins only: the verifier runs from the bundle alone.
  evidence: {
    dir: 'packages/evidence',
    entries: ['packages/evidence/src/bin.ts', 'packages/evidence/src/index.ts'],
    assets: [],
    external: false,
  },
};

async function filesUnder(dir, prefix = '') {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out = [];
  for (const e of entries) {
    const rel = path.join(prefix, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(path.join(dir, e.name), rel)));
    else out.push(rel);
  }
  return out;
}

/**
 * Makes `outdir` hold what `built` holds: changed files are replaced by a rename (a reader never
 * sees half a file), unchanged ones are left alone and files the build no longer makes are
 * removed. Two test runs building the same sources side by side (Node 20 and Node 24, Vitest and
 * Playwright) so never disturb each other.
 */
async function syncInto(built, outdir) {
  const fresh = await filesUnder(built);
  for (const rel of fresh) {
    const from = path.join(built, rel);
    const to = path.join(outdir, rel);
    const bytes = await readFile(from);
    const old = await readFile(to).catch(() => undefined);
    if (old?.equals(bytes)) continue;
    await mkdir(path.dirname(to), { recursive: true });
    const temp = `${to}.${process.pid}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, to);
  }
  const keep = new Set(fresh);
  for (const rel of await filesUnder(outdir))
    if (!keep.has(rel) && !rel.endsWith('.tmp')) await rm(path.join(outdir, rel), { force: true });
}

/**
 * Builds one target into `outdir` (default `<dir>/dist`), replacing what was there; returns
 * esbuild's metafile (which output holds which input, and what each output imports).
 */
export async function buildTarget(
  name,
  outdir = path.join(ROOT, TARGETS[name]?.dir ?? '', 'dist'),
) {
  const target = TARGETS[name];
  if (!target) throw new Error(`unknown build target ${name}: ${Object.keys(TARGETS).join(', ')}`);
  const built = `${outdir}.build-${process.pid}`;
  await rm(built, { recursive: true, force: true });
  try {
    const metafile = await buildInto(target, built);
    await syncInto(built, outdir);
    return metafile;
  } finally {
    await rm(built, { recursive: true, force: true });
  }
}

async function buildInto(target, outdir) {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: target.entries,
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    legalComments: 'none',
    metafile: true,
    minify: !target.external,
    logLevel: 'warning',
    plugins: target.external ? [nodeModulesExternal] : [],
    // Bundled CommonJS dependencies (the packages' own) may call require() on Node built-ins.
    banner: target.external
      ? undefined
      : {
          js: "import { createRequire as __ngRequire } from 'node:module'; const require = __ngRequire(import.meta.url);",
        },
  });
  await mkdir(outdir, { recursive: true });
  for (const [from, to] of target.assets) {
    await cp(path.join(ROOT, from), path.join(outdir, to), { recursive: true });
  }
  return result.metafile;
}

export async function buildAll(names = Object.keys(TARGETS)) {
  for (const name of names) await buildTarget(name);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const names = process.argv.slice(2);
  await buildAll(names.length ? names : undefined);
  console.log(
    `build-node: ${names.length ? names.join(', ') : 'all'} in ${Date.now() - started} ms`,
  );
}
