import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LongestFirstSequencer } from './sequencer.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const durations: Record<string, number> = JSON.parse(
  readFileSync(new URL('./durations.json', import.meta.url), 'utf8'),
);

describe('the longest-first sequencer', () => {
  it('starts the files it knows to be slow first, the unknown ones after them', async () => {
    const sequencer = new LongestFirstSequencer({ config: { root: ROOT } } as unknown as Vitest);
    const spec = (file: string) => ({ moduleId: join(ROOT, file) }) as TestSpecification;
    const sorted = await sequencer.sort([
      spec('packages/risk/src/new-file.test.ts'),
      spec('apps/server/test/cli.test.ts'),
      spec('apps/server/test/backup-restore.test.ts'),
    ]);
    expect(sorted.map((s) => s.moduleId.slice(ROOT.length))).toEqual([
      'apps/server/test/backup-restore.test.ts',
      'apps/server/test/cli.test.ts',
      'packages/risk/src/new-file.test.ts',
    ]);
  });

  it('lists only files that exist (npm run test:slowest -- --save rewrites the list)', () => {
    expect(Object.keys(durations).filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });
});
