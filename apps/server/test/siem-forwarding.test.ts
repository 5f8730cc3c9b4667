import { SIEM_TEXT } from '@netguard/contracts';
import {
  bulkCreateIds,
  inSequence,
  type Receiver,
  startReceiver,
} from '@netguard/siem/testing/http-receiver';
import { type SplunkHecFake, startSplunkHecFake } from '@netguard/siem/testing/splunk-hec-fake';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import type { Workers } from '../src/workers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { waitFor } from './scan-helpers.ts';
import { createIntegration, deliveryStates, emitEvents, startSiemWorkers } from './siem-helpers.ts';

const { host } = testResources();
let ctx: TestContext;
let workers: Workers;
let admin: Account;
let hec: SplunkHecFake;

beforeAll(async () => {
  ctx = await createTestApp();
  workers = await startSiemWorkers(ctx);
  admin = await createAccount(ctx, 'siem-admin@example.com', 'Enterprise');
  hec = await startSplunkHecFake('good-token', host(1));
});
afterAll(async () => {
  await hec?.close();
  await workers?.stop();
  await ctx?.close();
});

const splunk = (extra: Record<string, unknown> = {}) => ({
  name: 'Splunk HEC',
  type: 'splunk',
  endpoint: hec.url,
  credentials: { key: 'good-token' },
  // Not security_event: each Test Connection writes one (connection_test), which would be
  // forwarded too and change the counts below.
  filters: { eventTypes: ['vulnerability_found', 'scan_completed'] },
  ...extra,
});

const api = (method: string, url: string, payload?: unknown) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: admin.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('a Splunk HEC integration', () => {
  let id = '';

  it('is created with the spec defaults and its token never comes back', async () => {
    const created = await createIntegration(ctx, admin, splunk({ options: { index: 'netguard' } }));
    id = created.id;
    expect(created).toMatchObject({
      status: 'active',
      authType: 'api_key',
      credentials: { key: '••••••••' },
      settings: { batchSize: 100, retryAttempts: 3, timeout: 30, enableRealtime: true },
    });
    const listed = await api('GET', '/api/siem/integrations');
    expect(listed.body).not.toContain('good-token');
    const [stored] = (await ctx.db.execute(sql`select * from siem_integrations where id = ${id}`))
      .rows as Record<string, unknown>[];
    expect(JSON.stringify(stored)).not.toContain('good-token');
  });

  it('Test Connection sends a canary and reports what HEC answered', async () => {
    const res = await api('POST', `/api/siem/integrations/${id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect(res.json().message).toMatch(
      /^HTTP Event Collector accepted the test event .* \(HTTP 200\)/,
    );
    const canary = hec.accepted.at(-1)?.hec;
    expect(canary).toMatchObject({ index: 'netguard', event: { title: SIEM_TEXT.canary } });
  });

  it('forwards the events its filters take, in order, once each, with receipts', async () => {
    const before = hec.accepted.length;
    const events = await emitEvents(ctx, admin.organizationId, 250);
    await emitEvents(ctx, admin.organizationId, 5, { type: 'scan_started', severity: 'info' });
    await waitFor(async () => (await deliveryStates(ctx, id)).delivered === 250, 20_000);
    const got = hec.accepted.slice(before).map((r) => r.hec.event.id);
    expect(got).toEqual(events.map((e) => e.id));
    expect(hec.accepted.slice(before)[0]?.hec).toMatchObject({
      sourcetype: 'netguard:vulnerability_found',
      host: 'cache.internal',
      source: 'netguard-scanner',
      index: 'netguard',
    });
    expect(await deliveryStates(ctx, id)).toEqual({ delivered: 250 });
    const log = await api('GET', `/api/siem/integrations/${id}/deliveries?limit=3`);
    expect(log.json().deliveries[0]).toMatchObject({
      state: 'delivered',
      attempts: 1,
      receipt: { status: 200 },
      eventType: 'vulnerability_found',
    });
    const list = (await api('GET', '/api/siem/integrations')).json();
    expect(list.summary).toMatchObject({ total: 1, active: 1, deliveredLast24h: 250, backlog: 0 });
    expect(list.integrations[0].stats.p95LatencyMs).toBeGreaterThanOrEqual(0);
    expect(list.integrations[0].lastSync).not.toBeNull();
  });

  it('dead-letters every event under a bad token, and replays them once fixed', async () => {
    const patched = await api('PATCH', `/api/siem/integrations/${id}`, {
      credentials: { key: 'revoked-token' },
    });
    expect(patched.statusCode).toBe(200);
    const failed = await api('POST', `/api/siem/integrations/${id}/test`);
    expect(failed.json()).toMatchObject({ success: false });
    expect(failed.json().message).toMatch(
      /Splunk HEC 403: HTTP 403 from the destination \(code 4: Invalid token\)$/,
    );
    const before = hec.accepted.length;
    const events = await emitEvents(ctx, admin.organizationId, 20);
    await waitFor(async () => (await deliveryStates(ctx, id)).dead === 20);
    const dead = (await api('GET', `/api/siem/integrations/${id}/deliveries?state=dead`)).json();
    expect(dead.deliveries[0].lastError).toMatch(/Invalid token/);
    const row = (await api('GET', '/api/siem/integrations')).json().integrations[0];
    expect(row).toMatchObject({ status: 'error', stats: { deadLettered: 20 } });
    expect(row.lastError).toMatch(/Invalid token/);

    await api('PATCH', `/api/siem/integrations/${id}`, { credentials: { key: 'good-token' } });
    const one = await api('POST', `/api/siem/integrations/${id}/replay`, {
      eventIds: [events[0]?.id],
    });
    expect(one.json()).toEqual({ replayed: 1 });
    await waitFor(async () => (await deliveryStates(ctx, id)).delivered === 251);
    const all = await api('POST', `/api/siem/integrations/${id}/replay`, {});
    expect(all.json()).toEqual({ replayed: 19 });
    await waitFor(async () => (await deliveryStates(ctx, id)).delivered === 270);
    const ids = hec.accepted.slice(before).map((r) => r.hec.event.id);
    expect(new Set(ids).size).toBe(20);
    expect(ids.length).toBe(20);
    expect((await api('GET', '/api/siem/integrations')).json().integrations[0].status).toBe(
      'active',
    );
  });

  it('exports the forwarded events of a time range as JSON lines and CSV', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const jsonl = await api('GET', `/api/siem/integrations/${id}/export?from=${from}&to=${to}`);
    expect(jsonl.headers['content-type']).toContain('application/x-ndjson');
    const lines = jsonl.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(270);
    expect(lines[0]).toMatchObject({
      receipt: { status: 200 },
      event: { type: 'vulnerability_found' },
    });
    const csv = await api(
      'GET',
      `/api/siem/integrations/${id}/export?from=${from}&to=${to}&format=csv`,
    );
    expect(csv.body.split('\n')[0]).toMatch(/^delivered_at,queued_at,event_id,type/);
    expect(csv.body.trim().split('\n')).toHaveLength(271);
    const none = await api(
      'GET',
      `/api/siem/integrations/${id}/export?from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z`,
    );
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('');
  });

  it('queues nothing while realtime is off', async () => {
    const off = await api('POST', `/api/siem/integrations/${id}/realtime`, { enabled: false });
    expect(off.json()).toMatchObject({ success: true, integration: { status: 'inactive' } });
    await emitEvents(ctx, admin.organizationId, 3);
    expect(await deliveryStates(ctx, id)).toEqual({ delivered: 270 });
    await api('POST', `/api/siem/integrations/${id}/realtime`, { enabled: true });
  });
});

describe('organizations', () => {
  it("forwards another organization's events to none of A's integrations", async () => {
    const other = await createAccount(ctx, 'siem-other@example.com', 'Enterprise');
    const before = hec.accepted.length;
    const theirs = await createIntegration(ctx, other, splunk({ name: 'theirs' }));
    await emitEvents(ctx, other.organizationId, 7, { title: 'other org event' });
    await waitFor(async () => (await deliveryStates(ctx, theirs.id)).delivered === 7);
    const arrived = hec.accepted.slice(before).map((r) => r.hec.event);
    expect(arrived).toHaveLength(7);
    expect(arrived.every((e) => e.organizationId === other.organizationId)).toBe(true);
    const mine = (await api('GET', '/api/siem/integrations')).json();
    expect(mine.integrations.map((x: { name: string }) => x.name)).not.toContain('theirs');
    const peek = await ctx.app.inject({
      method: 'GET',
      url: `/api/siem/integrations/${mine.integrations[0].id}/deliveries`,
      headers: other.auth,
    });
    expect(peek.statusCode).toBe(404);
  });
});

describe('HEC with indexer acknowledgement', () => {
  it('delivers only acknowledged events and keeps the ack ids as receipts', async () => {
    const acked = await createIntegration(
      ctx,
      admin,
      splunk({ name: 'acked', options: { ackEnabled: true } }),
    );
    const test = (await api('POST', `/api/siem/integrations/${acked.id}/test`)).json();
    expect(test.message).toMatch(/ack \d+ indexed \(ack\)/);
    await emitEvents(ctx, admin.organizationId, 3);
    await waitFor(async () => (await deliveryStates(ctx, acked.id)).delivered === 3);
    const log = (await api('GET', `/api/siem/integrations/${acked.id}/deliveries`)).json();
    expect(log.deliveries[0].receipt).toMatchObject({ status: 200, note: 'indexed (ack)' });
    expect(typeof log.deliveries[0].receipt.ackId).toBe('number');
    await api('DELETE', `/api/siem/integrations/${acked.id}`);
  });
});

describe('failures of an Elastic destination', () => {
  let receiver: Receiver;
  afterAll(async () => receiver?.close());

  it('retries a 5xx burst with back-off, charging attempts, then delivers', async () => {
    const ok = (body: string) => {
      const ids = bulkCreateIds(body);
      return {
        status: 200,
        body: {
          errors: false,
          items: ids.map((_id) => ({ create: { _id, status: 201, result: 'created' } })),
        },
      };
    };
    let calls = 0;
    receiver = await startReceiver((request) => {
      calls += 1;
      if (calls <= 2) return { status: 503, body: 'busy' };
      return ok(request.text);
    }, host(2));
    const elastic = await createIntegration(ctx, admin, {
      name: 'elastic',
      type: 'elastic',
      endpoint: receiver.url,
      credentials: { key: 'es-api-key' },
      filters: { eventTypes: ['compliance_violation'] },
    });
    await emitEvents(ctx, admin.organizationId, 4, { type: 'compliance_violation' });
    await waitFor(async () => (await deliveryStates(ctx, elastic.id)).delivered === 4, 20_000);
    expect(receiver.requests[0]?.headers.authorization).toBe('ApiKey es-api-key');
    const log = (await api('GET', `/api/siem/integrations/${elastic.id}/deliveries`)).json();
    expect(log.deliveries[0]).toMatchObject({ attempts: 3, receipt: { result: 'created' } });
    await api('DELETE', `/api/siem/integrations/${elastic.id}`);
  });

  it('pauses for a long Retry-After without charging attempts, and Configure resumes at once', async () => {
    let busy = true;
    receiver.route = (request) => {
      if (busy) return { status: 429, headers: { 'retry-after': '3600' }, body: 'slow down' };
      const ids = bulkCreateIds(request.text);
      return {
        status: 200,
        body: { errors: false, items: ids.map((_id) => ({ create: { _id, status: 201 } })) },
      };
    };
    const elastic = await createIntegration(ctx, admin, {
      name: 'elastic throttled',
      type: 'elastic',
      endpoint: receiver.url,
      credentials: { key: 'es-api-key' },
      filters: { eventTypes: ['incident'] },
    });
    await emitEvents(ctx, admin.organizationId, 3, { type: 'incident' });
    await waitFor(async () => {
      const row = (await api('GET', '/api/siem/integrations'))
        .json()
        .integrations.find((x: { id: string }) => x.id === elastic.id);
      return row.status === 'error' && /429/.test(row.lastError);
    });
    const waiting = (await api('GET', `/api/siem/integrations/${elastic.id}/deliveries`)).json();
    expect(waiting.deliveries.map((d: { attempts: number }) => d.attempts)).toEqual([0, 0, 0]);
    busy = false;
    const patched = await api('PATCH', `/api/siem/integrations/${elastic.id}`, {
      settings: { timeout: 20 },
    });
    expect(patched.statusCode).toBe(200);
    await waitFor(async () => (await deliveryStates(ctx, elastic.id)).delivered === 3, 10_000);
    await api('DELETE', `/api/siem/integrations/${elastic.id}`);
  });

  it('dead-letters after retryAttempts answered failures, with the reason', async () => {
    receiver.route = inSequence({ status: 500, body: 'broken' });
    const elastic = await createIntegration(ctx, admin, {
      name: 'elastic broken',
      type: 'elastic',
      endpoint: receiver.url,
      credentials: { key: 'es-api-key' },
      settings: { retryAttempts: 1 },
      filters: { eventTypes: ['remediation_applied'] },
    });
    await emitEvents(ctx, admin.organizationId, 2, { type: 'remediation_applied' });
    await waitFor(async () => (await deliveryStates(ctx, elastic.id)).dead === 2, 20_000);
    const log = (await api('GET', `/api/siem/integrations/${elastic.id}/deliveries`)).json();
    expect(log.deliveries[0].lastError).toMatch(/^gave up after 2 attempts: .*500/);
    expect(log.deliveries[0].attempts).toBe(2);
  });
});

describe('validation', () => {
  it('answers 400 with the field messages, never a 500', async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: 'x', type: 'splunk', endpoint: 'https://h' }, /HEC token/],
      [{ name: 'x', type: 'qradar', endpoint: 'http://h' }, /tcp:\/\/, udp:\/\/ or tls:\/\//],
      [{ name: 'x', type: 'nope', endpoint: 'https://h' }, /Type must be one of/],
      [
        { name: '', type: 'splunk', endpoint: 'https://h', credentials: { key: 'k' } },
        /Name is required/,
      ],
      [{ ...splunk(), settings: { batchSize: 100_000 } }, /Batch size must be at most 1000/],
      ['not json', /./],
    ];
    for (const [payload, message] of cases) {
      const res = await api('POST', '/api/siem/integrations', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body, JSON.stringify(payload)).toMatch(message);
    }
    const [first] = (await api('GET', '/api/siem/integrations')).json().integrations;
    const patch = await api('PATCH', `/api/siem/integrations/${first.id}`, {
      endpoint: 'tcp://h:514',
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error.message).toMatch(/http:\/\/ or https:\/\//);
    const missing = await api(
      'POST',
      '/api/siem/integrations/00000000-0000-4000-8000-000000000000/test',
    );
    expect(missing.statusCode).toBe(404);
  });
});
