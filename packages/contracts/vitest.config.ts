import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contracts',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../scripts/testing/bind-guard.ts'],
  },
});
