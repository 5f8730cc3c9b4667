import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'testing',
    include: ['testing/*.test.ts'],
    setupFiles: ['testing/bind-guard.ts'],
  },
});
