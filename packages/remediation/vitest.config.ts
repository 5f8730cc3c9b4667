import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'remediation',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
