// The security suite's scores stored with an execution: the real suite run as a job against this
// file's app, served through a TCP relay on its loopback block (so PUBLIC_URL is known before the
// app starts), over plain HTTP. Every test reaches a verdict there, so the Observatory score is
// given; there is no TLS, so no TLS grade, with the library's reason. The view, the database row
// and the HTML, PDF and JSON reports all carry them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { scoreLines, type TSelftestExecution } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { selftestExecutions } from '../src/db/schema.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Account;
let relay: net.Server;
let execution: TSelftestExecution;

/** A plain TCP relay to the app, as a load balancer in front of it would be. */
async function tcpRelay(host: string, upstreamPort: () => number) {
  const server = net.createServer((socket) => {
    const upstream = net.connect(upstreamPort(), host);
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return server;
}

const post = (url: string, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/selftest/${url}`, headers: admin.auth, payload });

beforeAll(async () => {
  const host = testResources().host(1);
  let appPort = 0;
  relay = await tcpRelay(host, () => appPort);
  const port = (relay.address() as AddressInfo).port;
  ctx = await createTestApp({ PUBLIC_URL: `http://${host}:${port}` });
  await ctx.app.listen({ host, port: 0 });
  appPort = (ctx.app.server.address() as AddressInfo).port;
  admin = await createAccount(ctx, 'scores-admin@example.com');
  const started = await post('execute-security-test');
  expect(started.statusCode).toBe(202);
  const { id } = started.json() as TSelftestExecution;
  for (let i = 0; i < 1_500; i++) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/selftest/executions/${id}`,
      headers: admin.auth,
    });
    execution = res.json() as TSelftestExecution;
    if (execution.status !== 'running') break;
    await delay(200);
  }
}, 330_000);
afterAll(async () => {
  relay?.close();
  await ctx?.close();
});

describe('a finished security execution', () => {
  it('stores and returns its Observatory score, no TLS grade on plain HTTP, and the ASVS share', async () => {
    expect(execution).toMatchObject({ status: 'completed', total_tests: 15 });
    expect(execution.inconclusive_tests).toBe(0);
    const { scores } = execution;
    expect(scores?.observatory.grade).toMatch(/^[A-F][+-]?$/);
    expect(scores?.observatory.score).toBeTypeOf('number');
    expect(scores?.observatory.reason).toBeNull();
    expect(scores?.ssl_labs).toEqual({
      score: null,
      grade: null,
      grade_ignoring_trust: null,
      caps: [],
      reason: 'No TLS grade: the deployment serves no TLS (the TLS tests failed on plain HTTP).',
    });
    expect(scores?.asvs.total).toBe(70);
    expect(scores?.asvs.checked).toBeGreaterThan(0);
    expect(scores?.asvs.passed).toBeLessThan(scores?.asvs.checked ?? 0);
    // The failed TLS-dependent tests show as failed ASVS requirements.
    expect(scores?.asvs.failed_requirements.length).toBeGreaterThan(0);
    const [row] = await ctx.db
      .select({ scores: selftestExecutions.scores })
      .from(selftestExecutions)
      .where(eq(selftestExecutions.id, execution.id));
    expect(row?.scores).toEqual(scores);
  });

  it('puts the score lines in the HTML, PDF and JSON reports', async () => {
    const lines = scoreLines(execution.scores!);
    expect(lines.observatory).toBe(
      `Observatory ${execution.scores?.observatory.score}/100 (${execution.scores?.observatory.grade})`,
    );
    const html = await post('generate-test-report', { executionId: execution.id, format: 'html' });
    expect(html.body).toContain('<h2>Scores</h2>');
    for (const line of Object.values(lines)) expect(html.body).toContain(`<li>${line}</li>`);
    const pdf = await post('generate-test-report', { executionId: execution.id, format: 'pdf' });
    const file = join(mkdtempSync(join(tmpdir(), 'selftest-scores-')), 'r.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Scores');
    for (const line of Object.values(lines)) expect(text).toContain(line);
    const json = await post('generate-test-report', { executionId: execution.id, format: 'json' });
    expect(JSON.parse(json.body).scores).toEqual(execution.scores);
  });
});
