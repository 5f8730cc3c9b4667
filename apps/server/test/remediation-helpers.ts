import type { TExecution, TVulnerability } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/lib/logger.ts';
import { startWorkers } from '../src/workers.ts';
import type { Account, TestContext } from './helpers.ts';
/** The API as `who`: see helpers.ts. */
import { call } from './helpers.ts';
import { runScan, waitFor } from './scan-helpers.ts';
import { SECRET } from './siem-helpers.ts';

export { call };

/**
 * Loopback and the namespace test hosts that the tests create: testResources().namespace(n) puts
 * them in 10.a.b.0/24, a and b those of the file's loopback block (a from 64 to 191).
 */
export const TEST_RANGES = '127.0.0.0/8,10.64.0.0/10,10.128.0.0/10';

export function startRemediationWorkers(ctx: TestContext) {
  return startWorkers({
    url: ctx.url,
    settings: loadConfig({ SCAN_ALLOWED_RANGES: TEST_RANGES }).scans,
    log: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    cloud: { secret: SECRET, scanners: {} as never },
  });
}

export async function getExecution(
  ctx: TestContext,
  who: Account,
  id: string,
): Promise<TExecution> {
  const res = await call(ctx, who, 'GET', `/api/remediation/executions/${id}`);
  if (res.statusCode !== 200) throw new Error(`execution ${id}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Waits until the execution is in one of `states` (and, for proposed, has its dry run). */
export function waitExecution(
  ctx: TestContext,
  who: Account,
  id: string,
  states: string[],
  ms = 60_000,
): Promise<TExecution> {
  return waitFor(async () => {
    const e = await getExecution(ctx, who, id);
    if (!states.includes(e.status)) return null;
    if (e.status === 'proposed' && !e.dryRun) return null;
    return e;
  }, ms);
}

/** Scans `address` on `ports` and returns the organization's open vulnerabilities there. */
export function scanHost(
  ctx: TestContext,
  who: Account,
  address: string,
  ports: number[],
): Promise<TVulnerability[]> {
  return scanHosts(ctx, who, [address], ports);
}

/** Scans `addresses` in one scan on `ports`; the organization's open vulnerabilities on them. */
export async function scanHosts(
  ctx: TestContext,
  who: Account,
  addresses: string[],
  ports: number[],
): Promise<TVulnerability[]> {
  const scan = await runScan(
    ctx,
    who,
    {
      scan_name: `remediation ${addresses.join(' ').replaceAll('.', '-')}`,
      scan_type: 'vulnerability',
      target_hosts: addresses,
      ports: ports.join(','),
    },
    { ms: 90_000 },
  );
  if (scan.status !== 'completed')
    throw new Error(`scan ended ${scan.status}: ${JSON.stringify(scan)}`);
  const found: TVulnerability[] = [];
  for (const address of addresses) {
    const res = await call(
      ctx,
      who,
      'GET',
      `/api/vulnerabilities?state=open&limit=200&search=${address}`,
    );
    found.push(...(res.json().items as TVulnerability[]).filter((v) => v.host === address));
  }
  return found;
}

/** The finding of `checkId` on `host` among `vulns`; throws with what there is when none. */
export function findingOf(vulns: TVulnerability[], host: string, checkId: string) {
  const v = vulns.find((x) => x.host === host && x.check_id === checkId);
  if (!v)
    throw new Error(
      `no ${checkId} on ${host}: ${vulns.map((x) => `${x.host} ${x.check_id}`).join(', ')}`,
    );
  return v;
}

/** Where an execution ends when nothing more happens to it. */
export const ENDED = [
  'verified',
  'failed_verification',
  'failed',
  'cancelled',
  'rolled_back',
  'dry_run_completed',
];

/** The organization's executions (newest first), all or those of `filter`. */
export async function listExecutions(
  ctx: TestContext,
  who: Account,
  filter: (e: TExecution) => boolean = () => true,
): Promise<TExecution[]> {
  const res = await call(ctx, who, 'GET', '/api/remediation/executions?limit=200');
  if (res.statusCode !== 200) throw new Error(`executions: ${res.statusCode} ${res.body}`);
  return (res.json().executions as TExecution[]).filter(filter);
}

/** When an execution entered `status` (ms), or NaN when it never did. */
export const enteredAt = (e: TExecution, status: string) =>
  Date.parse(e.transitions.find((t) => t.status === status)?.at ?? '');

/**
 * The namespace test host as an SSH connection of `who`'s organization: root with its key, tested
 * and its host key confirmed as a person would (the fingerprint shown compared with the host's).
 */
export async function addRootHost(
  ctx: TestContext,
  who: Account,
  host: { address: string; rootKey: string; hostKeySha256: string },
  name = 'ns host',
) {
  const created = await addHost(ctx, who, {
    name,
    address: host.address,
    username: 'root',
    auth: { type: 'key', privateKey: host.rootKey },
    privilege: 'none',
  });
  const tested = await call(ctx, who, 'POST', `/api/remediation/hosts/${created.id}/test`);
  if (tested.json().hostKeySha256 !== host.hostKeySha256)
    throw new Error(`test host: ${tested.statusCode} ${tested.body}`);
  const confirmed = await call(
    ctx,
    who,
    'POST',
    `/api/remediation/hosts/${created.id}/confirm-key`,
    {
      hostKeySha256: host.hostKeySha256,
    },
  );
  if (confirmed.statusCode !== 200)
    throw new Error(`confirm host key: ${confirmed.statusCode} ${confirmed.body}`);
  return created;
}

export async function addHost(ctx: TestContext, who: Account, body: Record<string, unknown>) {
  const res = await call(ctx, who, 'POST', '/api/remediation/hosts', body);
  if (res.statusCode !== 201) throw new Error(`add host: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; hostKeySha256: string | null };
}

/** The statuses of the SIEM events (remediation_applied) of an execution, oldest first. */
export const siemStatusesOf = async (ctx: TestContext, executionId: string) =>
  (
    await ctx.db.execute(
      sql`select event->'fields'->>'status' as status from siem_events
          where type = 'remediation_applied' and event->'fields'->>'executionId' = ${executionId}
          order by seq`,
    )
  ).rows.map((r) => r.status);

/** An approved execution's path up to its verification. */
export const THROUGH_VERIFYING = ['approved', 'dry_run', 'executing', 'applied', 'verifying'];
