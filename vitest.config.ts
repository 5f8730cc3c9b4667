import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/testing/sequencer.ts';

// Test files run side by side: each has a loopback block, namespaces and temp folders of its own
// (scripts/testing/resources.ts), and the bind guard (scripts/testing/bind-guard.ts) fails a file
// that binds outside them. Most files wait on sockets, daemons and PostgreSQL rather than the CPU,
// so more workers than cores pay off (docs/testing.md).
const workers = Number(process.env.NETGUARD_TEST_WORKERS ?? 4);

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web', 'scripts'],
    maxWorkers: workers,
    // The longest files start first (scripts/testing/durations.json): no slow file at the end.
    sequence: { sequencer: LongestFirstSequencer },
    // The JSON report feeds `npm run test:slowest`.
    reporters: [
      'default',
      ['json', { outputFile: process.env.NETGUARD_TEST_REPORT ?? 'artifacts/vitest-report.json' }],
    ],
  },
});
