// Vitest global setup: compiles the project's bundle (scripts/build-node.mjs) before its tests,
// which run the CLIs, the server and the workers as they ship, on plain node.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const BUILD = fileURLToPath(new URL('./build-node.mjs', import.meta.url));

export default function setup(project: TestProject): void {
  execFileSync(process.execPath, [BUILD, project.name], { stdio: 'inherit' });
}
