#!/usr/bin/env node
// Runs the compiled CLI (packages/risk/dist, built by `npm run build:node`, which npm install runs).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    'netguard-risk: not built yet; run `npm run build:node` in the NetGuard folder\n',
  );
  process.exit(2);
}
await import(entry.href);
