import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { freePort, type Peer, startTcpPeer } from '../testing/peers.ts';
import type { PortResult } from '../types.ts';
import { scanTcp } from './scan-tcp.ts';
import type { ProbeOutcome } from './tcp-probe.ts';

// Addresses of the file's block, where no other test listens: the ports open on one host must be
// closed on the others, and a listener of a test running alongside on 127.0.0.1 once took one of
// them there.
const net = testResources();
const HOSTS = [net.host(1), net.host(2), net.host(3)];
const peers: Peer[] = [];
beforeAll(async () => {
  for (const host of [HOSTS[0]!, ...HOSTS]) {
    peers.push(await startTcpPeer(host));
  }
});
afterAll(() => Promise.all(peers.map((p) => p.close())));

describe('scanTcp against real loopback listeners', () => {
  it('finds exactly the open ports on several hosts and reports every port once', async () => {
    const closed = await freePort(HOSTS[0]!);
    const ports = [...new Set([...peers.map((p) => p.port), closed])];
    const hosts = HOSTS;
    const results: PortResult[] = [];
    const progress: number[] = [];
    const stats = await scanTcp(hosts, ports, {
      onResult: (r) => results.push(r),
      onProgress: (done, total) => progress.push(done / total),
    });
    const open = results.filter((r) => r.state === 'open').map((r) => `${r.host}:${r.port}`);
    expect(open.sort()).toEqual(peers.map((p) => `${p.host}:${p.port}`).sort());
    expect(results).toHaveLength(hosts.length * ports.length);
    expect(stats.open).toBe(4);
    expect(stats.filtered).toBe(0);
    expect(progress.at(-1)).toBe(1);
  });

  it('stops promptly when aborted, leaving ports unscanned', async () => {
    const controller = new AbortController();
    let done = 0;
    const ports = Array.from({ length: 20_000 }, (_, i) => i + 1);
    setTimeout(() => controller.abort(), 30);
    const started = Date.now();
    await scanTcp([net.host(4)], ports, {
      signal: controller.signal,
      onProgress: (d) => {
        done = d;
      },
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(done).toBeLessThan(ports.length);
  });
});

/** A scripted probe: answers per port from a queue of outcomes, recording timeouts used. */
function scripted(answers: Record<number, ProbeOutcome[]>, delayMs = 1) {
  const calls: { port: number; timeoutMs: number }[] = [];
  let inflight = 0;
  let peak = 0;
  const probe = async (_host: string, port: number, timeoutMs: number) => {
    calls.push({ port, timeoutMs });
    inflight++;
    peak = Math.max(peak, inflight);
    await new Promise((r) => setTimeout(r, delayMs));
    inflight--;
    return answers[port]?.shift() ?? { state: 'closed' as const, rttMs: 5 };
  };
  return { probe, calls, peak: () => peak };
}

describe('scanTcp timing', () => {
  it('retries a silent port and keeps the answer it finally gets', async () => {
    const s = scripted({
      7: [
        { state: 'filtered', rttMs: 100 },
        { state: 'open', rttMs: 5 },
      ],
      9: [
        { state: 'filtered', rttMs: 100 },
        { state: 'filtered', rttMs: 100 },
        { state: 'filtered', rttMs: 100 },
      ],
    });
    const results: PortResult[] = [];
    await scanTcp(['127.0.0.1'], [7, 8, 9], {
      probe: s.probe,
      maxRetries: 2,
      onResult: (r) => results.push(r),
    });
    expect(results.find((r) => r.port === 7)?.state).toBe('open');
    expect(results.find((r) => r.port === 9)?.state).toBe('filtered');
    expect(s.calls.filter((c) => c.port === 9)).toHaveLength(3);
  });

  it('derives the timeout from measured round trips instead of the initial guess', async () => {
    const s = scripted({});
    await scanTcp(
      ['127.0.0.1'],
      Array.from({ length: 40 }, (_, i) => i + 1),
      {
        probe: s.probe,
        concurrency: 1,
        initialTimeoutMs: 1000,
        minTimeoutMs: 50,
      },
    );
    expect(s.calls[0]!.timeoutMs).toBe(1000);
    expect(s.calls.at(-1)!.timeoutMs).toBe(50);
  });

  it('keeps the default timeouts when timing options are passed as undefined', async () => {
    const s = scripted({});
    await scanTcp(['127.0.0.1'], [1, 2], {
      probe: s.probe,
      concurrency: 1,
      initialTimeoutMs: undefined,
      maxTimeoutMs: undefined,
    });
    expect(s.calls[0]!.timeoutMs).toBe(1000);
    expect(Number.isFinite(s.calls[1]!.timeoutMs)).toBe(true);
  });

  it('never exceeds the concurrency cap', async () => {
    const s = scripted({}, 5);
    await scanTcp(
      ['127.0.0.1'],
      Array.from({ length: 200 }, (_, i) => i + 1),
      {
        probe: s.probe,
        concurrency: 16,
      },
    );
    expect(s.peak()).toBe(16);
  });

  it('backs off on EMFILE and still finishes every port', async () => {
    const s = scripted({
      3: [{ state: 'resource', code: 'EMFILE' }],
      4: [{ state: 'resource', code: 'ENOBUFS' }],
    });
    const results: PortResult[] = [];
    const stats = await scanTcp(['127.0.0.1'], [1, 2, 3, 4, 5], {
      probe: s.probe,
      onResult: (r) => results.push(r),
    });
    expect(stats.backoffs).toBe(2);
    expect(results.map((r) => r.port).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('holds the probe rate to the limit', async () => {
    const s = scripted({});
    const started = performance.now();
    await scanTcp(
      ['127.0.0.1'],
      Array.from({ length: 60 }, (_, i) => i + 1),
      {
        probe: s.probe,
        rate: 200,
      },
    );
    // 60 probes at 200/s with a burst of 4 need at least ~280 ms.
    expect(performance.now() - started).toBeGreaterThan(250);
  });
});

describe('scanTcp and its abort signal', () => {
  it('leaves no listener on a signal that many scans of one run share', async () => {
    const controller = new AbortController();
    const probe = async (): Promise<ProbeOutcome> => ({ state: 'closed', rttMs: 1 });
    for (let i = 0; i < 20; i++)
      await scanTcp(['127.0.0.1'], [1, 2], { probe, signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
