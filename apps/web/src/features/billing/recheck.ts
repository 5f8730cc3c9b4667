type RecheckOptions = { everyMs: number; forMs: number; onDone: () => void };

/**
 * Calls `tick` every `everyMs` until `forMs` have passed, then `onDone`. Returns a stop function
 * (which also calls `onDone`).
 * @example const stop = startRecheck(refresh, { everyMs: 3_000, forMs: 30_000, onDone });
 */
export function startRecheck(tick: () => void, { everyMs, forMs, onDone }: RecheckOptions) {
  const interval = setInterval(tick, everyMs);
  const timeout = setTimeout(stop, forMs);
  let stopped = false;
  function stop() {
    if (stopped) return;
    stopped = true;
    clearInterval(interval);
    clearTimeout(timeout);
    onDone();
  }
  return stop;
}
