// Helpers every benchmark of the repository shares (`npm run bench:engine`, `bench:packets`).
import { execFileSync } from 'node:child_process';

/** Exits with an install hint when a tool the benchmark needs is missing. */
export function requireTool(tool: string, pkg: string): void {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'pipe' });
  } catch {
    console.error(`${tool} not found: install it with  apt-get install -y ${pkg}`);
    process.exit(2);
  }
}

/** The middle value (the upper middle of an even count); `xs` must not be empty. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
