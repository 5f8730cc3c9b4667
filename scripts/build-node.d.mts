// Types of build-node.mjs for the TypeScript that imports it (tests).
import type { Metafile } from 'esbuild';

export const TARGETS: Record<
  string,
  { dir: string; entries: string[]; assets: string[][]; external: boolean }
>;
export function buildTarget(name: string, outdir?: string): Promise<Metafile>;
export function buildAll(names?: string[]): Promise<void>;
