import { REALTIME_BACKOFF_MS } from '@netguard/contracts';

/**
 * The wait before reconnect attempt `attempt` (0-based): 1, 2, 5, then 10 s for every later try.
 * @example reconnectDelay(0) // 1000
 */
export function reconnectDelay(attempt: number): number {
  const index = Math.min(Math.max(attempt, 0), REALTIME_BACKOFF_MS.length - 1);
  return REALTIME_BACKOFF_MS[index] ?? 10_000;
}
