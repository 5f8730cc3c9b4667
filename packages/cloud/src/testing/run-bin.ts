// Runs the compiled netguard-cloud bin on this node with only the environment given (and PATH).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const BIN = fileURLToPath(new URL('../../bin/netguard-cloud.js', import.meta.url));

export type BinRun = { code: number; stdout: string; stderr: string };

export async function runBin(args: string[], env: Record<string, string>): Promise<BinRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
