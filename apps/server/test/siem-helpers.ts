import type { TSiemIntegration } from '@netguard/contracts';
import type { SiemEventInput } from '@netguard/siem';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/lib/logger.ts';
import { emitSiemEvents } from '../src/modules/siem/siem.outbox.ts';
import { startWorkers } from '../src/workers.ts';
import type { Account, TestContext } from './helpers.ts';

export const SECRET = 'test-secret-key-for-netguard-tests';

/**
 * The workers with the SIEM forwarders (they need the key that opens the credentials), under the
 * app's egress policy (the test file's block allowed to tenants).
 */
export function startSiemWorkers(ctx: TestContext) {
  return startWorkers({
    url: ctx.url,
    settings: loadConfig({ SCAN_ALLOWED_RANGES: '127.0.0.0/8' }).scans,
    log: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    cloud: { secret: SECRET, scanners: {} as never },
    egress: () => ctx.app.egress,
  });
}

export async function createIntegration(
  ctx: TestContext,
  who: Account,
  body: Record<string, unknown>,
): Promise<TSiemIntegration> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/siem/integrations',
    headers: who.auth,
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** `count` events of the organization written to the outbox in one transaction. */
export async function emitEvents(
  ctx: TestContext,
  organizationId: string,
  count: number,
  input: Partial<SiemEventInput> = {},
) {
  return ctx.db.transaction((tx) =>
    emitSiemEvents(
      tx,
      Array.from({ length: count }, (_, i) => ({
        type: 'vulnerability_found' as const,
        severity: 'high' as const,
        organizationId,
        title: `Open Redis without authentication #${i}`,
        message: 'Redis answered PING without AUTH',
        host: 'cache.internal',
        ip: '127.0.0.9',
        port: 6379,
        protocol: 'tcp',
        ...input,
      })),
    ),
  );
}

/** Deliveries of an integration by state. */
export async function deliveryStates(ctx: TestContext, integrationId: string) {
  const result = await ctx.db.execute(sql`
    select state, count(*)::int as n from siem_deliveries
    where integration_id = ${integrationId} group by state`);
  return Object.fromEntries(
    (result.rows as { state: string; n: number }[]).map((r) => [r.state, r.n]),
  );
}
