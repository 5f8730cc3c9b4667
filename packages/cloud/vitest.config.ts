import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cloud',
    include: ['src/**/*.test.ts'],
    globalSetup: ['../../scripts/vitest-build-setup.ts'],
    testTimeout: 20_000,
  },
});
