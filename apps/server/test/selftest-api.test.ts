// The self-test operations (spec part 2 §7) on a test deployment: roles, a run as a durable job with
// live progress on the socket, history, cancel, reports as files, another organization refused.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { TSelftestExecution } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canarySocket } from '../src/modules/selftest/probes.platform.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { memberOf } from './tenant-matrix-fixtures.ts';

let ctx: TestContext;
let admin: Account;
let analyst: Account;
let auditor: Account;
let other: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, 'st-admin@example.com');
  other = await createAccount(ctx, 'st-other@example.com');
  analyst = await memberOf(ctx, admin.organizationId, 'security_analyst', 'st-analyst');
  auditor = await memberOf(ctx, admin.organizationId, 'auditor', 'st-auditor');
});
afterAll(() => ctx.close());

const post = (who: Account, url: string, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/selftest/${url}`, headers: who.auth, payload });
const get = (who: Account, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/selftest/${url}`, headers: who.auth });

async function finished(id: string): Promise<TSelftestExecution> {
  for (let i = 0; i < 300; i++) {
    const execution = (await get(admin, `executions/${id}`)).json() as TSelftestExecution;
    if (execution.status !== 'running') return execution;
    await delay(100);
  }
  throw new Error('the execution did not finish in 30 s');
}

describe('self-test operations', () => {
  it('lists the three suite cards with their claims and estimated times', async () => {
    const res = await get(auditor, 'suites');
    expect(res.statusCode).toBe(200);
    const suites = res.json().suites as {
      id: string;
      claimed: number;
      estimated_time: string;
      tests: unknown[];
    }[];
    expect(suites.map((s) => [s.id, s.claimed, s.estimated_time, s.tests.length])).toEqual([
      ['security', 15, '10-15 minutes', 15],
      ['integration', 12, '8-12 minutes', 12],
      ['performance', 8, '15-20 minutes', 8],
    ]);
  });

  it('gives each role exactly its permissions', async () => {
    expect((await post(analyst, 'execute-integration-test')).statusCode).toBe(403);
    expect((await post(auditor, 'execute-functional-test')).statusCode).toBe(403);
    expect((await post(analyst, 'execute-security-test')).statusCode).toBe(403);
    expect((await post(admin, 'execute-integration-test', { testCase: 'nope' })).statusCode).toBe(
      400,
    );
    expect(
      (await post(admin, 'generate-test-report', { executionId: 'x', format: 'doc' })).statusCode,
    ).toBe(400);
  });

  it('runs a suite as a job with live progress, keeps it in the history, reports it as files', async () => {
    const socket = await canarySocket(ctx.app, admin.accessToken, new AbortController().signal);
    const started = await post(admin, 'execute-integration-test', {
      testCase: 'integration.packet-reading',
      timestamp: new Date().toISOString(),
    });
    expect(started.statusCode).toBe(202);
    const { id } = started.json() as TSelftestExecution;
    expect((await post(admin, 'execute-integration-test')).statusCode).toBe(409);
    const done = await finished(id);
    // The spec's steps reached the socket as they happened.
    const live = await socket.next((m) => m.type === 'selftest.execution', 1_000);
    socket.close();
    expect(live).toBeTruthy();
    expect(done).toMatchObject({
      status: 'completed',
      progress: 100,
      total_tests: 1,
      passed_tests: 1,
      pass_rate: 100,
    });
    expect(done.results[0]).toMatchObject({
      test_id: 'integration.packet-reading',
      state: 'passed',
    });

    const history = (await get(auditor, 'executions?suite=integration')).json() as {
      executions: TSelftestExecution[];
    };
    expect(history.executions.map((e) => e.id)).toContain(id);
    const audit = await ctx.db.execute(
      sql`select action from audit_logs where resource_id = ${id} order by created_at`,
    );
    expect((audit.rows as { action: string }[]).map((r) => r.action)).toEqual([
      'selftest.run',
      'selftest.completed',
    ]);

    const pdf = await post(auditor, 'generate-test-report', { executionId: id, format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(
      /attachment; filename="netguard-integration-test-.*\.pdf"/,
    );
    const file = join(mkdtempSync(join(tmpdir(), 'selftest-pdf-')), 'r.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('NetGuard Integration Tests report');
    expect(text).toContain('Packet reading of a capture it makes');
    const html = await post(auditor, 'generate-test-report', { executionId: id, format: 'html' });
    expect(html.body).toContain('<td>Passed</td>');
    const json = await post(auditor, 'generate-test-report', { executionId: id, format: 'json' });
    expect(JSON.parse(json.body).id).toBe(id);
    expect(
      (await post(analyst, 'generate-test-report', { executionId: id, format: 'json' })).statusCode,
    ).toBe(403);
  });

  it('lets a security analyst run the quick test', async () => {
    const res = await post(analyst, 'execute-functional-test', {
      testCase: 'integration.database',
    });
    expect(res.statusCode).toBe(202);
    const done = await finished(res.json().id);
    expect(done.results.map((r) => r.state)).toEqual(['passed']);
  });

  it('keeps another organization out', async () => {
    const { executions } = (await get(admin, 'executions')).json() as {
      executions: TSelftestExecution[];
    };
    const id = executions[0]?.id as string;
    expect((await get(other, `executions/${id}`)).statusCode).toBe(404);
    expect(
      (await post(other, 'generate-test-report', { executionId: id, format: 'json' })).statusCode,
    ).toBe(404);
    expect((await get(other, 'executions')).json().executions).toEqual([]);
  });
});
