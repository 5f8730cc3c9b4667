// The resources (scripts/testing/resources.ts) of the Vitest test file being run.
import { expect } from 'vitest';
import { resourcesOf, type TestResources } from './resources.ts';

export type { TestNamespace, TestResources } from './resources.ts';

export function testResources(): TestResources {
  const path = expect.getState().testPath;
  if (!path) throw new Error('testResources() is called from a Vitest test file or its helpers');
  return resourcesOf(path);
}
