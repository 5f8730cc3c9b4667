import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../scripts/testing/bind-guard.ts'],
    globalSetup: ['../../scripts/vitest-build-setup.ts', 'test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
