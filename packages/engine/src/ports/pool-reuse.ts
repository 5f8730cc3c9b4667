import { createTcpPool, type TcpPool } from './tcp-pool.ts';

// How long a finished run's threads wait for the next run before they stop.
const IDLE_MS = 5000;
let idle: { pool: TcpPool; timer: NodeJS.Timeout } | undefined;

/**
 * A pool for one run: the threads an earlier run left idle, when there are as many and they
 * still run, else new ones. Runs in a row (a server's scan jobs, benchmark rounds) so skip the
 * ~50 ms of CPU each thread takes to boot, and keep its compiled hot code.
 */
export function borrowTcpPool(size: number): TcpPool {
  const kept = idle;
  idle = undefined;
  if (kept) clearTimeout(kept.timer);
  if (kept?.pool.alive && kept.pool.size === size) {
    kept.pool.keepAlive(true);
    return kept.pool;
  }
  void kept?.pool.close();
  return createTcpPool(size);
}

/** Hands a pool back after a run: it idles without keeping the process alive, then stops. */
export function returnTcpPool(pool: TcpPool): void {
  if (idle) {
    clearTimeout(idle.timer);
    void idle.pool.close();
  }
  pool.keepAlive(false);
  const timer = setTimeout(() => {
    if (idle?.pool === pool) idle = undefined;
    void pool.close();
  }, IDLE_MS);
  timer.unref();
  idle = { pool, timer };
}
