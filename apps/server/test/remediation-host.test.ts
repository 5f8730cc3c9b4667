// Remediation through the API against a host in a network namespace (openssh-server, vsftpd,
// Redis and nginx as Debian ships them): scan → dry run → approve → verified (the vulnerability
// fixed) → rollback → the finding back; the failure paths; one execution per host at a time.
import type { TExecution, TVulnerability } from '@netguard/contracts';
import { startTestHost, type TestHost } from '@netguard/remediation/testing/netns-host';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import type { Workers } from '../src/workers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import {
  addHost,
  call,
  getExecution,
  scanHost,
  siemStatusesOf,
  startRemediationWorkers,
  TEST_RANGES,
  waitExecution,
} from './remediation-helpers.ts';
import { memberOf } from './tenant-matrix-fixtures.ts';

let ctx: TestContext;
let workers: Workers;
let admin: Account;
let host: TestHost;
let vulns: TVulnerability[];

beforeAll(async () => {
  host = await startTestHost({
    namespace: testResources().namespace(1),
    services: ['ssh', 'vsftpd', 'redis-server', 'nginx'],
  });
  ctx = await createTestApp({ SCAN_ALLOWED_RANGES: TEST_RANGES });
  workers = await startRemediationWorkers(ctx);
  admin = await createAccount(ctx, 'remediation-admin@example.com', 'Enterprise');
  vulns = await scanHost(ctx, admin, host.address, [21, 80, 6379]);
}, 180_000);
afterAll(async () => {
  await workers?.stop();
  await ctx?.close();
  await host?.stop();
});

const api = (method: string, url: string, payload?: unknown) =>
  call(ctx, admin, method, url, payload);
const finding = (checkId: string) => {
  const v = vulns.find((x) => x.check_id === checkId);
  if (!v) throw new Error(`the scan found no ${checkId}: ${vulns.map((x) => x.check_id)}`);
  return v;
};
const vulnState = async (id: string) =>
  (
    await ctx.db.execute(
      sql`select state::text, reopen_count from vulnerabilities where id = ${id}`,
    )
  ).rows[0];
const siemStatuses = (executionId: string) => siemStatusesOf(ctx, executionId);
const changed = (diff: string) =>
  diff.split('\n').filter((l) => /^[-+]/.test(l) && !/^(---|\+\+\+) /.test(l));

async function propose(checkId: string, actionId: string, options = {}): Promise<TExecution> {
  const res = await api('POST', '/api/remediation/executions', {
    vulnerabilityId: finding(checkId).id,
    actionId,
    options,
  });
  expect(res.statusCode, res.body).toBe(202);
  return waitExecution(ctx, admin, res.json().id, ['proposed', 'dry_run_completed', 'failed']);
}

describe('a host connection', () => {
  it('is refused for an execution until one exists for the finding’s address', async () => {
    const res = await api('POST', '/api/remediation/executions', {
      vulnerabilityId: finding('ftp-anonymous').id,
      actionId: 'vsftpd-disable-anonymous',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(`No SSH connection for ${host.address}`);
  });

  it('is named as missing by the plan check, so the page can lead to adding it', async () => {
    const res = await api('POST', '/api/remediation/validate', {
      vulnerabilityId: finding('ftp-anonymous').id,
      actionId: 'vsftpd-disable-anonymous',
      checkPrerequisites: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: false, missingHost: host.address });
  });

  it('is stored sealed, shows the host key, and is used only once a person confirms it', async () => {
    const created = await addHost(ctx, admin, {
      name: 'ns host',
      address: host.address,
      username: 'root',
      auth: { type: 'key', privateKey: host.rootKey },
      privilege: 'none',
    });
    expect(created).toMatchObject({ hostKeySha256: null, hostKeyConfirmed: false });
    const [row] = (
      await ctx.db.execute(sql`select * from remediation_hosts where id = ${created.id}`)
    ).rows as Record<string, unknown>[];
    expect(JSON.stringify(row)).not.toContain('PRIVATE KEY');
    const confirm = (hostKeySha256: unknown) =>
      api('POST', `/api/remediation/hosts/${created.id}/confirm-key`, { hostKeySha256 });
    // Nothing seen yet: nothing to confirm.
    expect((await confirm(host.hostKeySha256)).statusCode).toBe(409);

    const tested = await api('POST', `/api/remediation/hosts/${created.id}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toMatchObject({
      ok: true,
      hostKeySha256: host.hostKeySha256,
      hostKeyConfirmed: false,
    });
    expect(tested.json().message).toContain(`${host.hostKeySha256} is not confirmed yet`);
    const pending = (await api('GET', '/api/remediation/hosts')).json().hosts[0];
    expect(pending).toMatchObject({
      hostKeySha256: null,
      seenHostKeySha256: host.hostKeySha256,
      hostKeyConfirmed: false,
    });
    // Not confirmed: no execution, and the plan check says why.
    const refused = await api('POST', '/api/remediation/executions', {
      vulnerabilityId: finding('ftp-anonymous').id,
      actionId: 'vsftpd-disable-anonymous',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/^The host key of ns host .* is not confirmed/);
    const plan = await api('POST', '/api/remediation/validate', {
      vulnerabilityId: finding('ftp-anonymous').id,
      actionId: 'vsftpd-disable-anonymous',
    });
    expect(plan.json().problems).toContain(refused.json().error.message);

    const bad = await confirm('not a fingerprint');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A host key fingerprint looks like SHA256: and 43 characters');
    const wrong = await confirm(`SHA256:${'B'.repeat(43)}`);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.message).toContain(
      `not the one the host presented (${host.hostKeySha256})`,
    );
    const analyst = await memberOf(ctx, admin.organizationId, 'security_analyst', 'key-analyst');
    const byAnalyst = await call(
      ctx,
      analyst,
      'POST',
      `/api/remediation/hosts/${created.id}/confirm-key`,
      { hostKeySha256: host.hostKeySha256 },
    );
    expect(byAnalyst.statusCode).toBe(403);

    const confirmed = await confirm(host.hostKeySha256);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      hostKeySha256: host.hostKeySha256,
      seenHostKeySha256: null,
      hostKeyConfirmed: true,
    });
    const again = await api('POST', `/api/remediation/hosts/${created.id}/test`);
    expect(again.json()).toMatchObject({ ok: true, hostKeyConfirmed: true });
    expect(again.json().message).toContain('matches the pinned key');
    const audit = await ctx.db.execute(
      sql`select count(*)::int as n from audit_logs
          where action = 'remediation_host.confirm_key' and resource_id = ${created.id}`,
    );
    expect(audit.rows[0]).toEqual({ n: 1 });
  });
});

describe('disable anonymous FTP', () => {
  let execution: TExecution;

  it('proposes with an honest dry run read from the host', async () => {
    execution = await propose('ftp-anonymous', 'vsftpd-disable-anonymous');
    expect(execution.status).toBe('proposed');
    const diff = execution.dryRun?.diffs.find((d) => d.target === '/etc/vsftpd.conf')?.diff ?? '';
    expect(changed(diff)).toEqual(['-anonymous_enable=YES', '+anonymous_enable=NO']);
    expect(execution.dryRun?.script).toContain('anonymous_enable=NO');
    expect(execution.dryRun?.playbook).toContain('vsftpd');
  });

  it('is applied once approved, verified by the check, and the vulnerability is fixed', async () => {
    const approved = await api('POST', `/api/remediation/executions/${execution.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const done = await waitExecution(ctx, admin, execution.id, [
      'verified',
      'failed_verification',
      'failed',
    ]);
    expect(done.status, done.error ?? '').toBe('verified');
    expect(done.verification).toMatchObject({ checkId: 'ftp-anonymous', fixed: true });
    expect(done.transitions.map((t) => t.status)).toEqual([
      'proposed',
      'approved',
      'dry_run',
      'executing',
      'applied',
      'verifying',
      'verified',
    ]);
    expect(await vulnState(finding('ftp-anonymous').id)).toEqual({
      state: 'fixed',
      reopen_count: 0,
    });
    const evidence = await ctx.db.execute(
      sql`select phase, fixed from remediation_verifications where execution_id = ${execution.id}`,
    );
    expect(evidence.rows).toEqual([{ phase: 'apply', fixed: true }]);
  });

  it('records each transition as a security event, and only the change as SIEM events', async () => {
    const events = await ctx.db.execute(
      sql`select metadata->>'status' as status from security_events
          where metadata->>'executionId' = ${execution.id} order by created_at`,
    );
    expect(events.rows.map((r) => r.status)).toEqual([
      'proposed',
      'approved',
      'dry_run',
      'executing',
      'applied',
      'verifying',
      'verified',
    ]);
    expect(await siemStatuses(execution.id)).toEqual(['applied', 'verified']);
  });

  it('rolls back to the captured file and the check reports the finding again', async () => {
    const res = await api('POST', `/api/remediation/executions/${execution.id}/rollback`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, execution: { status: 'rolling_back' } });
    const done = await waitExecution(ctx, admin, execution.id, ['rolled_back', 'failed']);
    expect(done.status, done.error ?? '').toBe('rolled_back');
    expect(done.rollbackVerification).toMatchObject({ fixed: false });
    expect(await siemStatuses(execution.id)).toEqual(['applied', 'verified', 'rolled_back']);
    expect(await vulnState(finding('ftp-anonymous').id)).toEqual({
      state: 'open',
      reopen_count: 1,
    });
    const again = await scanHost(ctx, admin, host.address, [21]);
    expect(again.map((v) => v.check_id)).toContain('ftp-anonymous');
  });
});

describe('approval', () => {
  it('a high-risk action needs the target typed out', async () => {
    const e = await propose('redis-no-auth', 'firewall-close-port');
    expect(e.needsAcknowledgement).toBe(true);
    const bare = await api('POST', `/api/remediation/executions/${e.id}/approve`, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toBe(`Type ${e.target} to approve this high-risk action`);
    const cancelled = await api('POST', `/api/remediation/executions/${e.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await siemStatuses(e.id)).toEqual([]);
  });

  it('a dry run only ends dry_run_completed with its dry run, and is never applied', async () => {
    const e = await propose('redis-no-auth', 'redis-bind-localhost', { dryRun: true });
    expect(e.dryRunOnly).toBe(true);
    expect(e.status).toBe('dry_run_completed');
    expect(e.dryRun?.diffs.length).toBeGreaterThan(0);
    expect(e.finishedAt).not.toBeNull();
    expect(e.transitions.map((t) => t.status)).toEqual(['proposed', 'dry_run_completed']);
    const active = (await api('GET', '/api/remediation/overview')).json().active as TExecution[];
    expect(active.map((a) => a.id)).not.toContain(e.id);
    expect(await siemStatuses(e.id)).toEqual([]);
    const res = await api('POST', `/api/remediation/executions/${e.id}/approve`, {});
    expect(res.statusCode).toBe(409);
  });
});

describe('four eyes', () => {
  const setFourEyes = async (fourEyes: string) => {
    const res = await api('PUT', '/api/remediation/policy', { fourEyes });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('refuses the proposer’s own approval of a covered action; another admin’s works', async () => {
    const second = await memberOf(ctx, admin.organizationId, 'admin', 'second-approver');
    await setFourEyes('medium');
    try {
      const high = await propose('redis-no-auth', 'firewall-close-port');
      expect(high.needsSecondApprover).toBe(true);
      const own = await api('POST', `/api/remediation/executions/${high.id}/approve`, {
        acknowledgement: high.target,
      });
      expect(own.statusCode).toBe(403);
      expect(own.json().error.message).toBe(
        "Four eyes: Close the port with nftables is a high-risk action and your organization's policy needs a second person to approve it. You proposed it, so another administrator or approver must approve.",
      );
      expect((await getExecution(ctx, admin, high.id)).status).toBe('proposed');
      await api('POST', `/api/remediation/executions/${high.id}/cancel`);

      const medium = await propose('redis-no-auth', 'redis-bind-localhost');
      expect(medium.needsSecondApprover).toBe(true);
      const refused = await api('POST', `/api/remediation/executions/${medium.id}/approve`, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toMatch(/^Four eyes: .* medium-risk action/);
      const approved = await call(
        ctx,
        second,
        'POST',
        `/api/remediation/executions/${medium.id}/approve`,
        {},
      );
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({
        approvedBy: second.userId,
        requestedBy: admin.userId,
      });
      const done = await waitExecution(ctx, admin, medium.id, [
        'verified',
        'failed',
        'rolled_back',
      ]);
      expect(done.status, done.error ?? '').toBe('verified');
      await api('POST', `/api/remediation/executions/${medium.id}/rollback`);
      const back = await waitExecution(ctx, admin, medium.id, ['rolled_back', 'failed']);
      expect(back.status, back.error ?? '').toBe('rolled_back');

      await setFourEyes('high');
      const notCovered = await propose('redis-no-auth', 'redis-bind-localhost', { dryRun: true });
      expect(notCovered.needsSecondApprover).toBe(false);
    } finally {
      await setFourEyes('off');
    }
  }, 120_000);

  it('refuses a level it does not know, with the reason', async () => {
    const res = await api('PUT', '/api/remediation/policy', { fourEyes: 'always' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('fourEyes must be off, high or medium');
  });
});

describe('one execution per host at a time', () => {
  it('the second waits for the first and both are verified', async () => {
    const a = await propose('redis-no-auth', 'redis-bind-localhost');
    const b = await propose('http-server-version', 'nginx-hide-version');
    await api('POST', `/api/remediation/executions/${a.id}/approve`, {});
    await api('POST', `/api/remediation/executions/${b.id}/approve`, {});
    const [da, db] = await Promise.all([
      waitExecution(ctx, admin, a.id, ['verified', 'failed', 'failed_verification']),
      waitExecution(ctx, admin, b.id, ['verified', 'failed', 'failed_verification']),
    ]);
    expect(
      [da.status, db.status],
      `${da.verification?.evidence} ${db.verification?.evidence}`,
    ).toEqual(['verified', 'verified']);
    // Never both between dry_run and verified at once: their running spans do not overlap.
    const span = (e: TExecution) => {
      const at = (s: string) => Date.parse(e.transitions.find((t) => t.status === s)?.at ?? '');
      return [at('dry_run'), at('verified')] as const;
    };
    const [a0, a1] = span(da);
    const [b0, b1] = span(db);
    expect(a1 <= b0 || b1 <= a0).toBe(true);
    for (const e of [da, db]) await api('POST', `/api/remediation/executions/${e.id}/rollback`);
    for (const e of [da, db]) {
      const back = await waitExecution(ctx, admin, e.id, ['rolled_back', 'failed']);
      expect(back.status, `${back.error} ${JSON.stringify(back.steps.slice(-3))}`).toBe(
        'rolled_back',
      );
    }
  }, 150_000);
});

describe('a fix the check does not confirm', () => {
  // The host's reload does nothing (an init script that only says it reloaded): the file is
  // changed, but nginx keeps serving the old configuration and still names its version.
  const stubReload = () =>
    host.run(
      'mv /etc/init.d/nginx /etc/init.d/nginx.real && printf \'#!/bin/sh\\n[ "$1" = reload ] && exit 0\\nexec /etc/init.d/nginx.real "$@"\\n\' > /etc/init.d/nginx && chmod 755 /etc/init.d/nginx',
    );
  const restoreReload = () =>
    host.run('mv /etc/init.d/nginx.real /etc/init.d/nginx && nginx -s reload');
  const tokensInConfig = () =>
    host
      .run(
        "cat /etc/nginx/conf.d/netguard-hardening.conf 2>/dev/null | grep -c '^server_tokens off' || true",
      )
      .trim();
  const setPolicy = async (onFailedVerification: string) => {
    const res = await api('PUT', '/api/remediation/policy', { onFailedVerification });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('is rolled back automatically by default, the failed verification kept as evidence', async () => {
    expect((await api('GET', '/api/remediation/policy')).json()).toMatchObject({
      onFailedVerification: 'roll_back',
    });
    stubReload();
    try {
      const e = await propose('http-server-version', 'nginx-hide-version');
      await api('POST', `/api/remediation/executions/${e.id}/approve`, {});
      const done = await waitExecution(ctx, admin, e.id, ['verified', 'rolled_back', 'failed']);
      expect(done.status, done.error ?? '').toBe('rolled_back');
      expect(done.failedVerificationAction).toBe('roll_back');
      expect(done.verification).toMatchObject({ checkId: 'http-server-version', fixed: false });
      expect(done.verification?.evidence).toMatch(/nginx\/\d/);
      expect(done.transitions.map((t) => t.status).slice(-4)).toEqual([
        'verifying',
        'failed_verification',
        'rolling_back',
        'rolled_back',
      ]);
      const auto = done.transitions.find((t) => t.status === 'rolling_back');
      expect(auto).toMatchObject({ by: null, note: expect.stringMatching(/automatically/) });
      expect(tokensInConfig()).toBe('0');
      expect(await vulnState(finding('http-server-version').id)).toMatchObject({ state: 'open' });
      const events = await ctx.db.execute(
        sql`select metadata->>'note' as note from security_events
            where metadata->>'executionId' = ${e.id} and metadata->>'status' = 'rolling_back'`,
      );
      expect(events.rows).toEqual([{ note: auto?.note }]);
      expect(await siemStatuses(e.id)).toEqual(['applied', 'failed_verification', 'rolled_back']);
    } finally {
      restoreReload();
    }
  }, 120_000);

  it('stays failed_verification and applied when the policy says keep', async () => {
    await setPolicy('keep');
    stubReload();
    try {
      const e = await propose('http-server-version', 'nginx-hide-version');
      await api('POST', `/api/remediation/executions/${e.id}/approve`, {});
      const ended = ['verified', 'failed_verification', 'failed', 'rolling_back', 'rolled_back'];
      await waitExecution(ctx, admin, e.id, ended);
      // A runner that rolled back anyway would have moved it on by now.
      await new Promise((r) => setTimeout(r, 3_000));
      const done = await getExecution(ctx, admin, e.id);
      expect(done.status, done.error ?? '').toBe('failed_verification');
      expect(done.failedVerificationAction).toBe('keep');
      expect(done.verification).toMatchObject({ checkId: 'http-server-version', fixed: false });
      expect(done.transitions.at(-1)?.note).toMatch(/stays applied/);
      expect(tokensInConfig()).not.toBe('0');
      expect(await vulnState(finding('http-server-version').id)).toMatchObject({ state: 'open' });
      await api('POST', `/api/remediation/executions/${e.id}/rollback`);
      const back = await waitExecution(ctx, admin, e.id, ['rolled_back', 'failed']);
      expect(back.status, back.error ?? '').toBe('rolled_back');
      expect(tokensInConfig()).toBe('0');
    } finally {
      restoreReload();
      await setPolicy('roll_back');
    }
  }, 120_000);

  it('refuses a policy value it does not know, with the reason', async () => {
    const res = await api('PUT', '/api/remediation/policy', { onFailedVerification: 'ignore' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('onFailedVerification must be roll_back or keep');
  });
});

describe('failures', () => {
  it('wrong credentials fail the dry run with the reason', async () => {
    const other = await createAccount(ctx, 'remediation-wrong@example.com', 'Enterprise');
    await scanHost(ctx, other, host.address, [21]);
    await addHost(ctx, other, {
      name: 'wrong password',
      address: host.address,
      username: host.user.username,
      auth: { type: 'password', password: 'not-the-password' },
      hostKeySha256: host.hostKeySha256,
    });
    const v = (await call(ctx, other, 'GET', '/api/vulnerabilities?state=open')).json()
      .items[0] as TVulnerability;
    const res = await call(ctx, other, 'POST', '/api/remediation/executions', {
      vulnerabilityId: v.id,
      actionId: 'vsftpd-disable-anonymous',
    });
    const done = await waitExecution(ctx, other, res.json().id, ['failed']);
    expect(done.error).toMatch(/authentication/i);
  });

  it('a changed host key stops before anything runs', async () => {
    const e = await propose('ftp-anonymous', 'vsftpd-disable-anonymous');
    await host.restartHostKeys();
    await api('POST', `/api/remediation/executions/${e.id}/approve`, {});
    const done = await waitExecution(ctx, admin, e.id, ['failed']);
    expect(done.error).toMatch(/host key/i);
    // Failed before any change: the security event log has it, a SIEM does not.
    expect(await siemStatuses(e.id)).toEqual([]);
    expect(done.steps.filter((s) => s.step.startsWith('$'))).toEqual([]);
    const hosts = (await api('GET', '/api/remediation/hosts')).json().hosts;
    expect(hosts[0].lastError).toMatch(/host key/i);
  });

  it('reads of another organization are not found', async () => {
    const other = await createAccount(ctx, 'remediation-other@example.com', 'Enterprise');
    const mine = (await api('GET', '/api/remediation/executions')).json().executions[0];
    const res = await call(ctx, other, 'GET', `/api/remediation/executions/${mine.id}`);
    expect(res.statusCode).toBe(404);
    const approve = await call(
      ctx,
      other,
      'POST',
      `/api/remediation/executions/${mine.id}/rollback`,
    );
    expect(approve.statusCode).toBe(404);
    expect((await call(ctx, other, 'GET', '/api/remediation/executions')).json().total).toBe(0);
    await getExecution(ctx, admin, mine.id);
  });
});

describe('the summary cards', () => {
  it('are computed from the executions: a fix rolled back later still succeeded', async () => {
    const res = await api('GET', '/api/remediation/overview');
    expect(res.statusCode).toBe(200);
    // Four applies verified (then rolled back), two the check did not confirm (rolled back,
    // automatically and by hand), one failed on the changed host key; the dry run only and the
    // cancelled one never ran.
    const all = (await api('GET', '/api/remediation/executions?limit=100')).json().executions;
    const seen = all.map((e: TExecution) => `${e.actionId} ${e.status} ${e.error ?? ''}`);
    expect(res.json().summary, seen.join('\n')).toEqual({
      active: 0,
      successRate: 57.1,
      timeSavedMinutes: 0,
      autoFixed: 0,
      finished: 7,
      verified: 0,
    });
    const evidence = await api('GET', '/api/remediation/evidence/export?format=csv');
    expect(evidence.headers['content-type']).toContain('text/csv');
    const lines = evidence.body.trim().split('\n');
    expect(lines[0]).toMatch(/^checked_at,phase,check_id,target,fixed,evidence,/);
    // Each of the four applies and their rollbacks: the check re-run, fixed then back.
    expect(lines.filter((l) => /,apply,/.test(l) && /,true,/.test(l))).toHaveLength(4);
    expect(lines.filter((l) => /,apply,/.test(l) && /,false,/.test(l))).toHaveLength(2);
    expect(lines.filter((l) => /,rollback,/.test(l) && /,false,/.test(l))).toHaveLength(6);
    const history = (await api('GET', '/api/remediation/executions?status=rolled_back')).json();
    expect(history.total).toBe(6);
    expect(Object.values(history.executions[0].people)).toContain('remediation-admin@example.com');
  });
});
