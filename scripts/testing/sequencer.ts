// Starts the longest test files first (longest processing time first), whatever their project, so
// that a slow file never begins near the end of a run while the other workers sit idle. Durations
// come from scripts/testing/durations.json (`npm run test:slowest -- --save` after a full run);
// a file not listed there is taken to be quick. Vitest's own order (by project, then by its cache)
// knows nothing on a fresh clone, where CI runs.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const durations: Record<string, number> = JSON.parse(
  readFileSync(new URL('./durations.json', import.meta.url), 'utf8'),
);

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => durations[relative(root, spec.moduleId)] ?? 0;
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
