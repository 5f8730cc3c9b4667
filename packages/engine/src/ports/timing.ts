/** Timing knobs, in the spirit of nmap's -T4 defaults. */
export type TimingOptions = {
  initialTimeoutMs: number;
  minTimeoutMs: number;
  maxTimeoutMs: number;
};

export const DEFAULT_TIMING: TimingOptions = {
  initialTimeoutMs: 1000,
  minTimeoutMs: 100,
  maxTimeoutMs: 1250,
};

export type RttEstimator = { sample(ms: number): void; timeoutMs(): number };

/** Per-host round-trip estimate (RFC 6298 smoothing); timeout = srtt + 4 * rttvar, clamped. */
export function createRttEstimator(timing: TimingOptions): RttEstimator {
  let srtt = -1;
  let rttvar = 0;
  return {
    sample(ms) {
      if (srtt < 0) {
        srtt = ms;
        rttvar = ms / 2;
        return;
      }
      rttvar = 0.75 * rttvar + 0.25 * Math.abs(srtt - ms);
      srtt = 0.875 * srtt + 0.125 * ms;
    },
    timeoutMs() {
      if (srtt < 0) return timing.initialTimeoutMs;
      const t = srtt + 4 * rttvar;
      return Math.round(Math.min(timing.maxTimeoutMs, Math.max(timing.minTimeoutMs, t)));
    },
  };
}

export type RateLimiter = { waitMs(): number };

/** Token bucket allowing `perSecond` probes a second (0 = unlimited); waitMs() 0 takes a token. */
export function createRateLimiter(perSecond: number, now = () => performance.now()): RateLimiter {
  if (perSecond <= 0) return { waitMs: () => 0 };
  const burst = Math.max(1, Math.ceil(perSecond / 50));
  let tokens = burst;
  let last = now();
  return {
    waitMs() {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - last) * perSecond) / 1000);
      last = t;
      if (tokens >= 1) {
        tokens -= 1;
        return 0;
      }
      return Math.ceil(((1 - tokens) * 1000) / perSecond);
    },
  };
}
