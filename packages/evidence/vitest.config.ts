import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'evidence',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../scripts/testing/bind-guard.ts'],
    // The CLI's tests run netguard-evidence as it ships: compiled (scripts/build-node.mjs).
    globalSetup: ['../../scripts/vitest-build-setup.ts'],
    testTimeout: 20_000,
  },
});
