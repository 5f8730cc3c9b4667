// Batches (schedule-batch-remediation) against two namespace hosts, vsftpd on one and Redis on
// the other: executions created approved and held until the window opens, released in waves of
// maxHostsPerRun hosts, stopped at the first failure, cancelled when the window ends; the typed
// acknowledgement of a high-risk action and who may schedule; four eyes: a covered action waits
// in the batch for a second person while the others run.
import type { TBatch, TExecution, TVulnerability } from '@netguard/contracts';
import { startTestHost, type TestHost } from '@netguard/remediation/testing/netns-host';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { fourEyesNote } from '../src/modules/remediation/remediation.batches.ts';
import type { Workers } from '../src/workers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import {
  addHost,
  addRootHost,
  call,
  ENDED,
  enteredAt,
  findingOf,
  listExecutions,
  scanHosts,
  startRemediationWorkers,
  TEST_RANGES,
  THROUGH_VERIFYING,
} from './remediation-helpers.ts';
import { waitFor } from './scan-helpers.ts';
import { memberOf } from './tenant-matrix-fixtures.ts';

const RUNNING = ['dry_run', 'executing', 'applied', 'verifying'];

let ctx: TestContext;
let workers: Workers;
let admin: Account;
/** A second organization whose host connections have the wrong password. */
let other: Account;
let ftp: TestHost;
let redis: TestHost;
let mine: TVulnerability[];
let theirs: TVulnerability[];

beforeAll(async () => {
  [ftp, redis] = await Promise.all([
    startTestHost({ namespace: testResources().namespace(1), services: ['ssh', 'vsftpd'] }),
    startTestHost({ namespace: testResources().namespace(2), services: ['ssh', 'redis-server'] }),
  ]);
  ctx = await createTestApp({ SCAN_ALLOWED_RANGES: TEST_RANGES });
  workers = await startRemediationWorkers(ctx);
  admin = await createAccount(ctx, 'batch-admin@example.com', 'Enterprise');
  other = await createAccount(ctx, 'batch-other@example.com', 'Enterprise');
  for (const host of [ftp, redis]) {
    await addRootHost(ctx, admin, host, host.address);
    await addHost(ctx, other, {
      name: host.address,
      address: host.address,
      username: host.user.username,
      auth: { type: 'password', password: 'not-the-password' },
      // The key given by the person is confirmed: the wrong password is what fails.
      hostKeySha256: host.hostKeySha256,
    });
  }
  const addresses = [ftp.address, redis.address];
  [mine, theirs] = await Promise.all([
    scanHosts(ctx, admin, addresses, [21, 6379]),
    scanHosts(ctx, other, addresses, [21, 6379]),
  ]);
}, 180_000);
afterAll(async () => {
  await workers?.stop();
  await ctx?.close();
  await ftp?.stop();
  await redis?.stop();
});

const both = (vulns: TVulnerability[]) => [
  findingOf(vulns, ftp.address, 'ftp-anonymous').id,
  findingOf(vulns, redis.address, 'redis-no-auth').id,
];

async function schedule(who: Account, body: Record<string, unknown>): Promise<TBatch> {
  const res = await call(ctx, who, 'POST', '/api/remediation/batches', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const batchOf = async (who: Account, id: string): Promise<TBatch | undefined> =>
  (await call(ctx, who, 'GET', '/api/remediation/batches'))
    .json()
    .batches.find((b: TBatch) => b.id === id);
const membersOf = (who: Account, id: string) => listExecutions(ctx, who, (e) => e.batchId === id);
const statuses = (e: TExecution) => e.transitions.map((t) => t.status);

// Runs first: it rolls its changes back, so the hosts are as scanned for the batches after it.
describe('four eyes in a batch', () => {
  const setFourEyes = async (fourEyes: string) => {
    const res = await call(ctx, admin, 'PUT', '/api/remediation/policy', { fourEyes });
    expect(res.statusCode, res.body).toBe(200);
  };
  const ftpOf = (members: TExecution[]) => members.find((e) => e.target.includes(ftp.address));
  const redisOf = (members: TExecution[]) => members.find((e) => e.target.includes(redis.address));

  it('runs the low-risk action at once; the covered one waits for a second person, then runs in the batch', async () => {
    const second = await memberOf(ctx, admin.organizationId, 'admin', 'batch-second');
    await setFourEyes('medium');
    try {
      // Scheduling approves the low-risk vsftpd fix; redis-bind-localhost is medium-risk.
      const batch = await schedule(admin, {
        vulnerabilities: both(mine),
        scheduleTime: new Date().toISOString(),
        maxHostsPerRun: 2,
      });
      expect(batch).toMatchObject({ executions: 2, awaitingApproval: 1, skipped: [] });
      const ftpDone = await waitFor(async () => {
        const e = ftpOf(await membersOf(admin, batch.id));
        return e && ENDED.includes(e.status) && e;
      }, 60_000);
      expect(ftpDone.status, ftpDone.error ?? '').toBe('verified');
      const waiting = await waitFor(async () => {
        const e = redisOf(await membersOf(admin, batch.id));
        return e?.dryRun && e;
      }, 30_000);
      expect(waiting).toMatchObject({ status: 'proposed', needsSecondApprover: true });
      expect(waiting.transitions.map((t) => [t.status, t.note])).toEqual([
        ['proposed', fourEyesNote(batch.id)],
      ]);
      // The batch stays open for it.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await batchOf(admin, batch.id)).toMatchObject({
        status: 'running',
        verified: 1,
        awaitingApproval: 1,
      });

      const approve = (who: Account) =>
        call(ctx, who, 'POST', `/api/remediation/executions/${waiting.id}/approve`, {});
      const own = await approve(admin);
      expect(own.statusCode).toBe(403);
      expect(own.json().error.message).toMatch(/^Four eyes: .* medium-risk action/);
      expect((await approve(other)).statusCode).toBe(404);
      const approved = await approve(second);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ approvedBy: second.userId, batchId: batch.id });

      const ended = await waitFor(async () => {
        const b = await batchOf(admin, batch.id);
        return b?.status === 'completed' && b;
      }, 60_000);
      expect(ended).toMatchObject({ verified: 2, failed: 0, awaitingApproval: 0 });
      const ran = redisOf(await membersOf(admin, batch.id));
      expect(ran && statuses(ran)).toEqual(['proposed', ...THROUGH_VERIFYING, 'verified']);
      for (const e of await membersOf(admin, batch.id)) {
        const res = await call(ctx, admin, 'POST', `/api/remediation/executions/${e.id}/rollback`);
        expect(res.statusCode, res.body).toBe(200);
      }
      await waitFor(async () => {
        const now = await membersOf(admin, batch.id);
        return now.every((e) => e.status === 'rolled_back') && now;
      }, 60_000);
    } finally {
      await setFourEyes('off');
    }
  }, 180_000);

  it('cancels a covered action still unapproved when the window ends', async () => {
    await setFourEyes('medium');
    try {
      const batch = await schedule(admin, {
        vulnerabilities: [findingOf(mine, redis.address, 'redis-no-auth').id],
        scheduleTime: new Date(Date.now() - 6 * 60_000).toISOString(),
        windowMinutes: 5,
      });
      const [cancelled] = await waitFor(async () => {
        const now = await membersOf(admin, batch.id);
        return now.every((e) => e.status === 'cancelled') && now;
      }, 15_000);
      expect(cancelled?.transitions.map((t) => [t.status, t.note])).toEqual([
        ['proposed', fourEyesNote(batch.id)],
        ['cancelled', 'The batch window ended before a second person approved it'],
      ]);
      const ended = await waitFor(async () => {
        const b = await batchOf(admin, batch.id);
        return b?.status === 'cancelled' && b;
      }, 10_000);
      expect(ended).toMatchObject({ verified: 0, awaitingApproval: 0 });
    } finally {
      await setFourEyes('off');
    }
  });
});

describe('a batch of two hosts, one host per wave', () => {
  let batch: TBatch;
  let start: number;

  it('holds its executions, approved, until the schedule time', async () => {
    start = Date.now() + 5_000;
    batch = await schedule(admin, {
      vulnerabilities: both(mine),
      scheduleTime: new Date(start).toISOString(),
      maxHostsPerRun: 1,
    });
    expect(batch).toMatchObject({ status: 'scheduled', executions: 2, skipped: [] });
    // Sampled until just before the schedule time: nothing leaves approved.
    while (Date.now() < start - 500) {
      const held = await membersOf(admin, batch.id);
      expect(held).toHaveLength(2);
      for (const e of held) {
        expect(statuses(e)).toEqual(['approved']);
        expect(e.transitions[0]?.note).toBe(`Approved with batch ${batch.id}`);
        expect(e.approvedBy).toBe(admin.userId);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  it('runs the second host only once the first host is done; the batch completes', async () => {
    const seen: string[][] = [];
    const done = await waitFor(async () => {
      const now = await membersOf(admin, batch.id);
      seen.push(now.map((e) => e.status));
      return now.every((e) => ENDED.includes(e.status)) && now;
    }, 75_000);
    expect(
      done.map((e) => e.status),
      done.map((e) => `${e.error} ${e.verification?.evidence}`).join('\n'),
    ).toEqual(['verified', 'verified']);
    // Never both running at once, in any sample...
    for (const sample of seen)
      expect(sample.filter((s) => RUNNING.includes(s)).length).toBeLessThanOrEqual(1);
    // ...nor by their timelines: the second's dry run begins after the first is verified.
    const [first, second] = [...done].sort(
      (a, b) => enteredAt(a, 'dry_run') - enteredAt(b, 'dry_run'),
    );
    expect(enteredAt(first!, 'dry_run')).toBeGreaterThanOrEqual(start);
    expect(enteredAt(second!, 'dry_run')).toBeGreaterThanOrEqual(enteredAt(first!, 'verified'));
    for (const e of done)
      expect(statuses(e)).toEqual([
        'approved',
        'dry_run',
        'executing',
        'applied',
        'verifying',
        'verified',
      ]);
    const ended = await waitFor(async () => {
      const b = await batchOf(admin, batch.id);
      return b?.status === 'completed' && b;
    }, 10_000);
    expect(ended).toMatchObject({ executions: 2, verified: 2, failed: 0, error: null });
  }, 90_000);
});

describe('stop on failure', () => {
  it('cancels the held executions after the first fails, and the batch is stopped', async () => {
    const batch = await schedule(other, {
      vulnerabilities: both(theirs),
      scheduleTime: new Date().toISOString(),
      maxHostsPerRun: 1,
    });
    expect(batch.stopOnFailure).toBe(true);
    const stopped = await waitFor(async () => {
      const b = await batchOf(other, batch.id);
      return b?.status === 'stopped' && b;
    }, 40_000);
    expect(stopped).toMatchObject({
      failed: 1,
      verified: 0,
      error: 'Stopped after a failed execution (stop on failure)',
    });
    const members = await membersOf(other, batch.id);
    const failed = members.find((e) => e.status === 'failed');
    const cancelled = members.find((e) => e.status === 'cancelled');
    expect(failed?.error).toMatch(/authentication/i);
    expect(cancelled?.transitions.map((t) => [t.status, t.note])).toEqual([
      ['approved', `Approved with batch ${batch.id}`],
      ['cancelled', 'The batch stopped after a failed execution'],
    ]);
  }, 60_000);
});

describe('the window', () => {
  it('cancels what it did not run before it ended', async () => {
    const batch = await schedule(other, {
      vulnerabilities: both(theirs),
      scheduleTime: new Date(Date.now() - 6 * 60_000).toISOString(),
      windowMinutes: 5,
    });
    const members = await waitFor(async () => {
      const now = await membersOf(other, batch.id);
      return now.every((e) => e.status === 'cancelled') && now;
    }, 15_000);
    for (const e of members)
      expect(e.transitions.map((t) => [t.status, t.note])).toEqual([
        ['approved', `Approved with batch ${batch.id}`],
        ['cancelled', 'The batch window ended before it ran'],
      ]);
    const ended = await waitFor(async () => {
      const b = await batchOf(other, batch.id);
      return b?.status !== 'scheduled' && b;
    }, 10_000);
    expect(ended).toMatchObject({ status: 'cancelled', verified: 0, failed: 0 });
  });
});

describe('scheduling', () => {
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

  it('a high-risk action needs APPLY typed out', async () => {
    const body = {
      vulnerabilities: [findingOf(mine, redis.address, 'redis-no-auth').id],
      actionTemplates: ['firewall-close-port'],
      scheduleTime: tomorrow(),
    };
    const bare = await call(ctx, admin, 'POST', '/api/remediation/batches', body);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toBe(
      'The batch holds a high-risk action: type APPLY to schedule it',
    );
    const typed = await schedule(admin, { ...body, acknowledgement: 'APPLY' });
    const [held] = await membersOf(admin, typed.id);
    expect(held).toMatchObject({ actionId: 'firewall-close-port', status: 'approved' });
  });

  it('an analyst may schedule only when the policy lets analysts approve', async () => {
    const analyst = await memberOf(ctx, admin.organizationId, 'security_analyst', 'batch');
    const body = {
      vulnerabilities: [findingOf(mine, ftp.address, 'ftp-anonymous').id],
      scheduleTime: tomorrow(),
    };
    const denied = await call(ctx, analyst, 'POST', '/api/remediation/batches', body);
    expect(denied.statusCode).toBe(403);
    const policy = await call(ctx, admin, 'PUT', '/api/remediation/policy', {
      analystsMayApprove: true,
      allowAutoApprove: false,
      maxHostsPerRun: 5,
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const allowed = await call(ctx, analyst, 'POST', '/api/remediation/batches', body);
    expect(allowed.statusCode, allowed.body).toBe(201);
  });
});
