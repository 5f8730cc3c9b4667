// Issue 33: a forwarder worker SIGKILLed while it drains a backlog to a receiver that answers
// slowly sends again at most the batch it had in flight, not the batches the receiver already
// accepted: each batch's outcome is recorded as soon as its answer arrives.
import type { ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { bulkCreateIds, type Receiver, startReceiver } from '@netguard/siem/testing/http-receiver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import type { Workers } from '../src/workers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { waitFor } from './scan-helpers.ts';
import {
  createIntegration,
  deliveryStates,
  emitEvents,
  SECRET,
  startSiemWorkers,
} from './siem-helpers.ts';
import { spawnWorker } from './worker-process.ts';

const BATCH = 100;
const EVENTS = 1_000;
/** The request the worker is killed in: three batches answered before it. */
const KILLED_IN = 4;
const ANSWER_MS = 300;

const { block, host } = testResources();
let ctx: TestContext;
let admin: Account;
let receiver: Receiver | undefined;
let workers: Workers | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, 'siem-crash@example.com', 'Enterprise');
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await workers?.stop();
  await receiver?.close();
  await ctx?.close();
});

it('a worker killed during the drain sends again at most the batch in flight', {
  timeout: 120_000,
}, async () => {
  /** Every event id in every request, in order: an id seen twice was sent twice. */
  const received: string[] = [];
  let requests = 0;
  let inFlight: () => void = () => undefined;
  const killNow = new Promise<void>((resolve) => {
    inFlight = resolve;
  });
  receiver = await startReceiver(async (request) => {
    const ids = bulkCreateIds(request.text);
    received.push(...ids);
    requests += 1;
    if (requests === KILLED_IN) {
      inFlight();
      return 'hang';
    }
    await delay(ANSWER_MS);
    const items = ids.map((_id) => ({ create: { _id, status: 201, result: 'created' } }));
    return { status: 200, body: { errors: false, items } };
  }, host(1));
  const integration = await createIntegration(ctx, admin, {
    name: 'elastic crash',
    type: 'elastic',
    endpoint: receiver.url,
    credentials: { key: 'es-key' },
    settings: { batchSize: BATCH, timeout: 60 },
    filters: { eventTypes: ['scan_completed'] },
  });
  const produced = (
    await emitEvents(ctx, admin.organizationId, EVENTS, {
      type: 'scan_completed',
      severity: 'info',
    })
  ).map((e) => e.id);
  const child = await spawnWorker(children, ctx.url, {
    NETGUARD_SECRET_KEY: SECRET,
    EGRESS_ALLOWED_RANGES: block,
  });
  await killNow;
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  const accepted = (KILLED_IN - 1) * BATCH;
  expect(received).toHaveLength(KILLED_IN * BATCH);

  workers = await startSiemWorkers(ctx);
  await waitFor(
    async () => (await deliveryStates(ctx, integration.id)).delivered === EVENTS,
    60_000,
  );
  expect(new Set(received)).toEqual(new Set(produced));
  const duplicates = received.length - new Set(received).size;
  console.info(`siem crash: ${accepted} accepted before the kill, ${duplicates} sent twice`);
  // The batch in flight, at most: never one the receiver had answered.
  expect(duplicates).toBeLessThanOrEqual(BATCH);
  expect(received.slice(0, accepted).filter((id) => received.indexOf(id, accepted) >= 0)).toEqual(
    [],
  );
});
