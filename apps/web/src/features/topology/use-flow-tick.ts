import { TOPOLOGY_REFRESH_MS } from '@netguard/contracts';
import { useEffect, useState } from 'react';

/** Wraps the counter well before it could grow large; the flow pattern repeats far sooner. */
const TICK_WRAP = 9_600;

/** A counter advanced every TOPOLOGY_REFRESH_MS (100 ms), unless the user asked for reduced motion. */
export function useFlowTick(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(
      () => setTick((t) => (t + 1) % TICK_WRAP),
      TOPOLOGY_REFRESH_MS,
    );
    return () => window.clearInterval(timer);
  }, []);
  return tick;
}
