import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../scripts/testing/bind-guard.ts'],
    globalSetup: ['../../scripts/vitest-build-setup.ts', 'test/global-setup.ts'],
    // A worker runs its files in one module graph: the server's modules are imported once per
    // worker instead of once per file (import 590 s -> 44 s summed over 114 files). Test files keep
    // no state in shared modules (resources are looked up per call: scripts/testing/current.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
