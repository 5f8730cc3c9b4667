import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { loadConfig } from '../src/config.ts';
import { findFreePort } from '../src/lib/net.ts';
import { isRequestId } from '../src/lib/request-id.ts';
import { startWorkers, type Workers } from '../src/workers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { captureLogs, type LogLine, parseLogLines } from './log-capture.ts';
import { createScan, getScan, openSocket, startSlowBanner, waitFor } from './scan-helpers.ts';
import { spawnWorker } from './worker-process.ts';

/** The scanned service, in this file's loopback block. */
const SERVICE = testResources().host(1);
let ctx: TestContext;
let owner: Account;
let base: string;
let port: number;
let workers: Workers | undefined;
let worker: ChildProcess | undefined;
const captured = captureLogs('debug');
let listener: { close: () => Promise<void> } | undefined;

beforeAll(async () => {
  ctx = await createTestApp({}, { log: captured.log });
  owner = await createAccount(ctx, 'trail@example.com', 'Enterprise');
  // A service that greets at once: the scan identifies it without waiting for a banner.
  port = await findFreePort();
  listener = await startSlowBanner(SERVICE, port, 0);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (worker?.exitCode === null) worker.kill('SIGKILL');
  await workers?.stop();
  await listener?.close();
  await ctx?.close();
});

/** Creates a port scan of the loopback listener and starts it with `X-Request-Id: requestId`. */
async function startScan(name: string, requestId: string) {
  const created = await createScan(ctx, owner, {
    scan_name: name,
    scan_type: 'port',
    target_hosts: [SERVICE],
    ports: String(port),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const started = await ctx.app.inject({
    method: 'POST',
    url: `/api/scans/${id}/start`,
    headers: { ...owner.auth, 'x-request-id': requestId },
  });
  expect(started.statusCode, started.body).toBe(202);
  expect(started.headers['x-request-id']).toBe(requestId);
  return id;
}

async function waitForEnd(id: string) {
  const done = await waitFor(async () => {
    const scan = (await getScan(ctx, owner, id)).json();
    return ['completed', 'failed'].includes(scan.status) ? scan : null;
  }, 45_000);
  expect(done.status, done.error).toBe('completed');
  expect(done.services.map((s: { port: number }) => s.port)).toEqual([port]);
}

const withId = (lines: LogLine[], id: string) => lines.filter((line) => line.reqId === id);

/** The `job finished` lines of a queue: one per job, each with its own jobId. */
const finishedJobs = (lines: LogLine[], queue: string) =>
  lines.filter((line) => line.msg === 'job finished' && line.queue === queue);

describe('request ids in the logs', () => {
  it('follows a started scan from the API through its jobs to its realtime messages', async () => {
    workers = await startWorkers({
      url: ctx.url,
      settings: { ...loadConfig({}).scans },
      log: captured.log,
      egress: () => ctx.app.egress,
    });
    const socket = await openSocket(base);
    await socket.join(owner.accessToken);

    const id = await startScan('Traced', 'test-abc-123');
    await waitForEnd(id);
    await waitFor(async () =>
      socket.events('scans').some((e) => e.record.id === id && e.record.status === 'completed'),
    );
    // The chunk job publishes the completion, then logs that it finished: wait for that line.
    await waitFor(
      async () => finishedJobs(withId(captured.lines, 'test-abc-123'), 'scan-chunk').length > 0,
    );
    const lines = withId(captured.lines, 'test-abc-123');

    // The API's own lines of the request.
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    // Each job's lines: the planning job and the chunk jobs it sent, each under its jobId.
    for (const queue of ['scan-plan', 'scan-chunk']) {
      const jobs = finishedJobs(lines, queue);
      expect(jobs.length, queue).toBeGreaterThanOrEqual(1);
      for (const job of jobs) expect(job.jobId).toEqual(expect.any(String));
    }
    // Published by the request (the scan starts) and by the chunk job (progress, completion).
    const published = lines.filter((l) => l.msg === 'realtime message published');
    expect(published.some((l) => l.jobId === undefined)).toBe(true);
    expect(published.some((l) => l.queue === 'scan-chunk')).toBe(true);
    expect(published[0]).toMatchObject({ realtime: { table: 'scans', id } });
    // Delivered to the socket, and the envelope names the request.
    expect(lines.some((l) => l.msg === 'realtime message delivered' && l.sockets === 1)).toBe(true);
    const events = socket.events('scans').filter((e) => e.record.id === id);
    expect(events.at(-1)?.request_id).toBe('test-abc-123');
    socket.close();

    // A report's generation job, on its own queue, logs under the request that asked for it.
    const report = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { ...owner.auth, 'x-request-id': 'test-report-1' },
      payload: { report_type: 'technical' },
    });
    expect(report.statusCode, report.body).toBe(202);
    const generated = await waitFor(async () =>
      finishedJobs(withId(captured.lines, 'test-report-1'), 'report-generate').at(0),
    );
    expect(generated.jobId).toEqual(expect.any(String));
    await workers.stop();
    workers = undefined;
  });

  it('replaces a bad X-Request-Id with a generated one and never logs it', async () => {
    const bad = ['x'.repeat(200), 'two words', 'forged\n{"level":60,"msg":"pwned"}'];
    for (const header of bad) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/scans',
        headers: { ...owner.auth, 'x-request-id': header },
      });
      expect(res.statusCode).toBe(200);
      const id = res.headers['x-request-id'];
      expect(isRequestId(id)).toBe(true);
      expect(id).not.toBe(header);
      expect(withId(captured.lines, String(id)).length).toBeGreaterThanOrEqual(2);
    }
    const logged = JSON.stringify(captured.lines);
    expect(logged).not.toContain('x'.repeat(65));
    expect(logged).not.toContain('two words');
    expect(logged).not.toContain('pwned');

    // Without the header, one is made up; error bodies carry it for the user to quote.
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/scans/00000000-0000-4000-8000-000000000000',
      headers: owner.auth,
    });
    expect(missing.statusCode).toBe(404);
    expect(isRequestId(missing.headers['x-request-id'])).toBe(true);
    expect(missing.json()).toEqual({
      error: { code: 'not_found', message: 'Scan not found' },
      request_id: missing.headers['x-request-id'],
    });
  });

  it('keeps the id in an error body another hook rewrites', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/security/metrics',
      headers: { 'x-request-id': 'test-401' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      error: { message: 'User not authenticated' },
      request_id: 'test-401',
    });
  });

  it('is logged by a separate worker process too', { timeout: 60_000 }, async () => {
    let output = '';
    worker = await spawnWorker([], ctx.url, { LOG_LEVEL: 'info' });
    worker.stdout?.on('data', (data: Buffer) => {
      output += String(data);
    });

    const socket = await openSocket(base);
    await socket.join(owner.accessToken);
    const id = await startScan('Traced elsewhere', 'test-proc-456');
    await waitForEnd(id);
    const lines = await waitFor(async () => {
      const found = withId(parseLogLines(output), 'test-proc-456');
      return finishedJobs(found, 'scan-chunk').length > 0 ? found : null;
    }, 10_000);
    expect(finishedJobs(lines, 'scan-plan')).toHaveLength(1);
    expect(lines.some((l) => l.msg === 'realtime message published' && l.jobId)).toBe(true);
    for (const line of lines) expect(line.pid).toBe(worker.pid);
    // The API process delivered the worker's messages under the same id.
    await waitFor(async () =>
      socket.events('scans').some((e) => e.record.id === id && e.record.status === 'completed'),
    );
    const api = withId(captured.lines, 'test-proc-456');
    expect(api.some((l) => l.msg === 'request completed')).toBe(true);
    expect(api.some((l) => l.msg === 'realtime message delivered')).toBe(true);
    expect(socket.events('scans').at(-1)?.request_id).toBe('test-proc-456');
    socket.close();
  });
});
