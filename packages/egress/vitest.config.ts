import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'egress',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../scripts/testing/bind-guard.ts'],
    globalSetup: ['../../scripts/vitest-build-setup.ts'],
    testTimeout: 20_000,
  },
});
