#!/usr/bin/env node
// Runs the compiled CLI (packages/selftest/dist, built by `npm run build:node`, which npm install runs).
import { existsSync } from 'node:fs';
import module from 'node:module';

const entry = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    'netguard-selftest: not built yet; run `npm run build:node` in the NetGuard folder\n',
  );
  process.exit(2);
}
// Node 22.1+ keeps the compiled bundle in its on-disk cache, so later starts skip compiling it.
/** @type {{ enableCompileCache?: () => unknown }} */ (module).enableCompileCache?.();
await import(entry.href);
