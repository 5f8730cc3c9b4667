import { type ChildProcess, spawn } from 'node:child_process';
import { testResources } from '../../../scripts/testing/current.ts';
import { CLI } from './cli-run.ts';

/**
 * Starts a compiled `netguard worker` process on `url`, added to `running` at once (so a test can
 * kill it even when it never gets ready); resolves once it says it is ready.
 */
export function spawnWorker(
  running: ChildProcess[],
  url: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'worker'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      LOG_LEVEL: 'silent',
      WORKER_CONCURRENCY: '1',
      SCAN_CHUNK_STALE_SECONDS: '3',
      NETGUARD_OFFLINE: '1',
      // The file's own loopback block: tenants' scans may reach it, as in createTestApp.
      EGRESS_ALLOWED_RANGES: testResources().block,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('worker did not start')), 30_000);
    child.stdout?.on('data', (data: Buffer) => {
      if (String(data).includes('is ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}
