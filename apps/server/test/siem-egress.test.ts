// Issue 31: SIEM connections go through the egress policy. A tenant's Test Connection to this
// server (its database, a listening port, a closed one) and to the metadata address gets the
// policy's refusal in the same words, never "refused" or "reset"; a deployment operator reaches
// the listening one. Tests have a budget per organization and leave a security event. Forwarding
// keeps the events of a refused destination and shows why, with an operator's reach only while an
// operator made the last save.
import net from 'node:net';
import { CONNECTION_TESTS_PER_MINUTE, EGRESS_MESSAGES } from '@netguard/contracts';
import { type SplunkHecFake, startSplunkHecFake } from '@netguard/siem/testing/splunk-hec-fake';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDeploymentOperator } from '../src/modules/operators/operators.repo.ts';
import type { Workers } from '../src/workers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { waitFor } from './scan-helpers.ts';
import { createIntegration, deliveryStates, emitEvents, startSiemWorkers } from './siem-helpers.ts';

const TOKEN = 'egress-token';
/** Listeners outside the file's block (on 127.0.0.1, port 0): only operators may reach them. */
const LOOPBACK = '127.0.0.1';
let ctx: TestContext;
let admin: Account;
let hec: SplunkHecFake;
let syslog: net.Server;
let syslogConnections = 0;
let workers: Workers | undefined;

const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const port = portOf(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, 'siem-egress@example.com', 'Enterprise');
  hec = await startSplunkHecFake(TOKEN, LOOPBACK);
  syslog = net.createServer((socket) => {
    syslogConnections++;
    socket.on('error', () => {}).resume();
  });
  await new Promise<void>((resolve) => syslog.listen(0, LOOPBACK, resolve));
});
afterAll(async () => {
  await workers?.stop();
  await hec?.close();
  await new Promise((resolve) => (syslog ? syslog.close(resolve) : resolve(undefined)));
  await ctx?.close();
});

type Kind = 'splunk' | 'qradar';
const endpointOf = (kind: Kind, at: string) => (kind === 'splunk' ? `http://${at}` : `tcp://${at}`);

/** Creates an integration of `kind` to `at` (host:port) as `who`, then runs its Test Connection. */
async function testTo(who: Account, kind: Kind, at: string, extra: Record<string, unknown> = {}) {
  const integration = await createIntegration(ctx, who, {
    name: `${kind} ${at}`,
    type: kind,
    endpoint: endpointOf(kind, at),
    ...(kind === 'splunk' ? { credentials: { key: TOKEN } } : {}),
    ...extra,
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/siem/integrations/${integration.id}/test`,
    headers: who.auth,
  });
  return { integration, res };
}

const savedByOperator = async (id: string) =>
  (
    (await ctx.db.execute(sql`select saved_by_operator from siem_integrations where id = ${id}`))
      .rows[0] as { saved_by_operator: boolean }
  ).saved_by_operator;

describe("a tenant's Test Connection", () => {
  it('gets the same refusal for the database, a listening port, a closed port and the metadata address', async () => {
    const databasePort = Number(new URL(ctx.url).port) || 5432;
    const closed = await closedPort();
    for (const kind of ['splunk', 'qradar'] as const) {
      const listening = kind === 'splunk' ? Number(new URL(hec.url).port) : portOf(syslog);
      const destinations: [string, number][] = [
        [LOOPBACK, databasePort],
        [LOOPBACK, listening],
        [LOOPBACK, closed],
        ['169.254.169.254', 80],
      ];
      const messages: string[] = [];
      for (const [address, port] of destinations) {
        const { res } = await testTo(admin, kind, `${address}:${port}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ success: false });
        const message: string = res.json().message;
        expect(message).not.toMatch(/reset|\bopen\b|closed|: refused$|timed out|ECONN/);
        messages.push(message.replace(new RegExp(`\\b${port}\\b`, 'g'), 'PORT'));
      }
      const [database, open, closedOne, metadata] = messages;
      expect(open).toBe(database);
      expect(closedOne).toBe(database);
      expect(database).toContain(
        `refused by the egress policy: ${LOOPBACK} port PORT is this server itself: only deployment operators reach it`,
      );
      expect(metadata).toContain(
        'refused by the egress policy: 169.254.169.254 port PORT is never reached',
      );
    }
    expect(hec.answers.size).toBe(0);
    expect(syslogConnections).toBe(0);
  });

  it('reaches the listening ones once the user is a deployment operator', async () => {
    await setDeploymentOperator(ctx.db, admin.email, true);
    try {
      const http = await testTo(admin, 'splunk', new URL(hec.url).host);
      expect(http.res.json()).toMatchObject({ success: true });
      expect(http.res.json().message).toMatch(/^HTTP Event Collector accepted the test event/);
      expect(hec.accepted).toHaveLength(1);
      const tcp = await testTo(admin, 'qradar', `${LOOPBACK}:${portOf(syslog)}`);
      expect(tcp.res.json()).toMatchObject({ success: true });
      expect(syslogConnections).toBe(1);
      expect(await savedByOperator(tcp.integration.id)).toBe(true);
    } finally {
      await setDeploymentOperator(ctx.db, admin.email, false);
    }
  });

  it('is a security event naming the destination, a violation when the policy refused it', async () => {
    const { rows } = await ctx.db.execute(sql`
      select event_type, severity, description, metadata from security_events
      where organization_id = ${admin.organizationId} and metadata->>'kind' = 'connection_test'
      order by created_at`);
    const events = rows as {
      event_type: string;
      severity: string;
      description: string;
      metadata: Record<string, string>;
    }[];
    expect(events).toHaveLength(10);
    expect(events[3]).toMatchObject({
      event_type: 'security_violation',
      severity: 'medium',
      metadata: {
        kind: 'connection_test',
        feature: 'SIEM integration "splunk 169.254.169.254:80"',
        destination: 'http://169.254.169.254/',
        outcome: 'policy',
      },
    });
    expect(events.at(-1)).toMatchObject({
      event_type: 'data_access',
      metadata: { destination: `tcp://${LOOPBACK}:${portOf(syslog)}`, outcome: 'answered' },
    });
  });

  it('is allowed 10 times a minute per organization: the 11th answers 429', async () => {
    const busy = await createAccount(ctx, 'siem-egress-busy@example.com', 'Enterprise');
    const { integration } = await testTo(busy, 'splunk', '169.254.169.254:80');
    const test = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/siem/integrations/${integration.id}/test`,
        headers: busy.auth,
      });
    for (let i = 1; i < CONNECTION_TESTS_PER_MINUTE; i++)
      expect((await test()).statusCode).toBe(200);
    const eleventh = await test();
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error).toEqual({
      code: 'rate_limited',
      message: EGRESS_MESSAGES.testsRateLimited(CONNECTION_TESTS_PER_MINUTE),
    });
  });
});

describe('forwarding', () => {
  it("goes out with an operator's reach only while an operator made the last save, and keeps refused events", async () => {
    workers = await startSiemWorkers(ctx);
    await setDeploymentOperator(ctx.db, admin.email, true);
    const integration = await createIntegration(ctx, admin, {
      name: 'forwarded by an operator',
      type: 'splunk',
      endpoint: hec.url,
      credentials: { key: TOKEN },
      filters: { eventTypes: ['incident'] },
    });
    expect(await savedByOperator(integration.id)).toBe(true);
    await emitEvents(ctx, admin.organizationId, 3, { type: 'incident' });
    await waitFor(async () => (await deliveryStates(ctx, integration.id)).delivered === 3);

    // An edit by an admin who is no operator: forwarding falls back to a tenant's reach.
    await setDeploymentOperator(ctx.db, admin.email, false);
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/siem/integrations/${integration.id}`,
      headers: admin.auth,
      payload: { name: 'edited by an admin' },
    });
    expect(patched.statusCode).toBe(200);
    expect(await savedByOperator(integration.id)).toBe(false);
    const before = hec.accepted.length;
    await emitEvents(ctx, admin.organizationId, 2, { type: 'incident' });
    const shown = await waitFor(async () => {
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/siem/integrations',
        headers: admin.auth,
      });
      const row = list.json().integrations.find((x: { id: string }) => x.id === integration.id);
      return row?.status === 'error' && row;
    });
    expect(shown.lastError).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/services\/collector\/event: refused by the egress policy: 127\.0\.0\.1 port \d+ is this server itself/,
    );
    expect(await deliveryStates(ctx, integration.id)).toEqual({ delivered: 3, pending: 2 });
    const pending = await ctx.db.execute(sql`
      select attempts from siem_deliveries
      where integration_id = ${integration.id} and state = 'pending'`);
    expect(pending.rows).toEqual([{ attempts: 0 }, { attempts: 0 }]);
    expect(hec.accepted.length).toBe(before);
  });
});
