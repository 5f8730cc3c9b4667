import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'selftest',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../scripts/testing/bind-guard.ts'],
    testTimeout: 20_000,
  },
});
