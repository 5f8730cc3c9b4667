import { createSiemEvent } from '@netguard/siem';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { siemDeliveries, siemEvents } from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createSiemSecrets } from '../src/modules/siem/siem.config.ts';
import { forwardIntegration } from '../src/modules/siem/siem.forwarder.ts';
import { purgeExpiredLogs } from '../src/modules/siem/siem.worker.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { createIntegration, deliveryStates, SECRET } from './siem-helpers.ts';

/** Nothing listens there, and nothing is sent: the events are expired or already delivered. */
const NOWHERE = `http://${testResources().host(1)}:9`;
let ctx: TestContext;
let admin: Account;
let pool: pg.Pool;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, 'siem-retention@example.com', 'Enterprise');
  pool = new pg.Pool({ connectionString: ctx.url, max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await ctx?.close();
});

/** An event of the organization queued for the integration `ageHours` ago, in `state`. */
async function queued(integrationId: string, ageHours: number, state: 'pending' | 'delivered') {
  const event = createSiemEvent({
    type: 'vulnerability_found',
    severity: 'low',
    organizationId: admin.organizationId,
    title: `aged ${ageHours} h`,
    message: 'retention test',
  });
  const at = new Date(Date.now() - ageHours * 3_600_000);
  const [row] = await ctx.db
    .insert(siemEvents)
    .values({ ...event, event, createdAt: at })
    .returning({ seq: siemEvents.seq });
  await ctx.db.insert(siemDeliveries).values({
    integrationId,
    eventId: event.id,
    organizationId: admin.organizationId,
    seq: (row as { seq: number }).seq,
    state,
    queuedAt: at,
    deliveredAt: state === 'delivered' ? at : null,
  });
  return event.id;
}

describe('SIEM retention and maximum age', () => {
  it('dead-letters pending events older than maxAgeHours as expired, with the last error', async () => {
    const integration = await createIntegration(ctx, admin, {
      name: 'nowhere',
      type: 'splunk',
      endpoint: NOWHERE,
      credentials: { key: 'k' },
      settings: { maxAgeHours: 2, enableRealtime: false },
    });
    await queued(integration.id, 3, 'pending');
    await ctx.db.execute(
      sql`update siem_deliveries set last_error = 'connection refused' where integration_id = ${integration.id}`,
    );
    await forwardIntegration(
      {
        db: ctx.db,
        pool,
        secrets: createSiemSecrets(SECRET),
        egress: ctx.app.egress,
        log: createLogger('silent'),
      },
      integration.id,
    );
    const [dead] = (
      await ctx.db.execute(
        sql`select state, last_error from siem_deliveries where integration_id = ${integration.id}`,
      )
    ).rows as { state: string; last_error: string }[];
    expect(dead).toEqual({
      state: 'dead',
      last_error: 'expired: not delivered within 2 h (last error: connection refused)',
    });
  });

  it('purges delivered entries past dataRetention days, keeping pending ones and newer entries', async () => {
    const integration = await createIntegration(ctx, admin, {
      name: 'kept one day',
      type: 'splunk',
      endpoint: NOWHERE,
      credentials: { key: 'k' },
      settings: { dataRetention: 1, enableRealtime: false },
    });
    const old = await queued(integration.id, 30, 'delivered');
    await queued(integration.id, 2, 'delivered');
    await queued(integration.id, 30, 'pending');
    await purgeExpiredLogs(ctx.db);
    expect(await deliveryStates(ctx, integration.id)).toEqual({ delivered: 1, pending: 1 });
    const events = await ctx.db.execute(sql`select id from siem_events where id = ${old}`);
    expect(events.rows).toEqual([]);
  });
});
