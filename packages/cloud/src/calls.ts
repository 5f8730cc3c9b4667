// Every API call of a cloud scan goes through one recorder: a per-call timeout, retries with
// exponential back-off and full jitter that honour Retry-After when throttled, and a record of the
// outcome (ok / denied / throttled / timeout / error). A failed call never becomes a pass: it is
// kept as a gap with the checks it left unevaluated. The SDKs' own retries are turned off by the
// providers so that attempts are counted here.
import type { CallOutcome, CallRecord, ScanOptions } from './types.ts';

export type FailedCall = {
  outcome: Exclude<CallOutcome, 'ok' | 'timeout'>;
  /** Worth another attempt (throttling, 5xx, a dropped connection). */
  retry: boolean;
  /** The provider's Retry-After, ms. */
  retryAfterMs?: number;
  message: string;
};

/** Tells what an SDK error means; each provider has its own. */
export type Classifier = (error: unknown) => FailedCall;

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_ATTEMPTS = 4;
const BASE_DELAY_MS = 250;
const MAX_DELAY_MS = 20_000;

export class ScanAborted extends Error {
  constructor() {
    super('The cloud scan was cancelled');
    this.name = 'ScanAborted';
  }
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new ScanAborted());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ScanAborted());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Full jitter (AWS architecture blog): a random wait up to the exponential cap. */
export function backoffMs(attempt: number, random = Math.random): number {
  return Math.round(random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1)));
}

export type CallSpec = {
  service: string;
  region: string;
  operation: string;
  /** Checks that cannot be evaluated without this call's answer. */
  checks: string[];
};

export class CallRecorder {
  readonly calls: CallRecord[] = [];
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private readonly wait: NonNullable<ScanOptions['sleep']>;

  constructor(
    private readonly classify: Classifier,
    private readonly options: ScanOptions = {},
  ) {
    this.timeoutMs = options.callTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.attempts = Math.max(1, options.maxAttempts ?? DEFAULT_ATTEMPTS);
    this.wait = options.sleep ?? sleep;
  }

  /** The calls that did not succeed. */
  gaps(): CallRecord[] {
    return this.calls.filter((c) => c.outcome !== 'ok');
  }

  /**
   * Runs `run` with its own timeout signal; returns its answer, or undefined when the call failed
   * for good (the failure is recorded). Cancelling the scan throws ScanAborted.
   */
  async call<T>(spec: CallSpec, run: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
    const started = performance.now();
    const scanSignal = this.options.signal;
    let failure: { outcome: Exclude<CallOutcome, 'ok'>; message: string } | undefined;
    let attempt = 0;
    while (attempt < this.attempts) {
      attempt += 1;
      if (scanSignal?.aborted) throw new ScanAborted();
      const timeout = AbortSignal.timeout(this.timeoutMs);
      const signal = scanSignal ? AbortSignal.any([scanSignal, timeout]) : timeout;
      try {
        const answer = await run(signal);
        this.record(spec, 'ok', attempt, started);
        return answer;
      } catch (error) {
        if (scanSignal?.aborted) throw new ScanAborted();
        if (timeout.aborted) {
          failure = {
            outcome: 'timeout',
            message: `${spec.operation} timed out after ${this.timeoutMs} ms`,
          };
          // One more try at most: an unreachable region must not stall the scan.
          if (attempt >= Math.min(2, this.attempts)) break;
          continue;
        }
        const failed = this.classify(error);
        failure = failed;
        if (!failed.retry || attempt >= this.attempts) break;
        await this.wait(Math.max(failed.retryAfterMs ?? 0, backoffMs(attempt)), scanSignal);
      }
    }
    this.record(spec, failure?.outcome ?? 'error', attempt, started, failure?.message);
    return undefined;
  }

  private record(
    spec: CallSpec,
    outcome: CallOutcome,
    attempts: number,
    started: number,
    message?: string,
  ) {
    this.calls.push({
      service: spec.service,
      region: spec.region,
      operation: spec.operation,
      outcome,
      attempts,
      ms: Math.round(performance.now() - started),
      ...(message ? { message } : {}),
      ...(outcome !== 'ok' && spec.checks.length ? { checks: spec.checks } : {}),
    });
  }
}

/** Reads a Retry-After header (seconds or an HTTP date) as ms. */
export function retryAfterMs(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
