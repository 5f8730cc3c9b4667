import { randomUUID } from 'node:crypto';
import { ZSiemIntegrationCreate } from '@netguard/contracts';
import { createSiemEvent } from '@netguard/siem';
import { siemDeliveries, siemEvents, siemIntegrations } from '../src/db/schema.ts';
import { createSiemSecrets } from '../src/modules/siem/siem.config.ts';
import { publicCredentials } from '../src/modules/siem/siem.view.ts';
import type { TestContext } from './helpers.ts';
import type { Fixtures } from './tenant-matrix-fixtures.ts';
import type { Req, Sample } from './tenant-matrix-samples.ts';

const SECRET = 'test-secret-key-for-netguard-tests';
/** Nothing listens there: a Test Connection is refused at once. */
const NOWHERE = 'http://127.0.0.1:9';

const get =
  (url: (f: Fixtures) => string) =>
  (f: Fixtures): Req => ({ url: url(f) });
const send =
  (url: (f: Fixtures) => string, payload: unknown) =>
  (f: Fixtures): Req => ({ url: url(f), payload });

/** A Splunk integration as the API stores it, credentials sealed with the tests' key. */
export async function insertIntegration(ctx: TestContext, organizationId: string, name: string) {
  const id = randomUUID();
  const config = ZSiemIntegrationCreate.parse({
    name,
    type: 'splunk',
    endpoint: NOWHERE,
    credentials: { key: `${name}-hec-token` },
  });
  const [row] = await ctx.db
    .insert(siemIntegrations)
    .values({
      id,
      organizationId,
      name,
      type: config.type,
      endpoint: config.endpoint,
      authType: config.authType,
      sealedCredentials: createSiemSecrets(SECRET).seal(organizationId, id, config.credentials),
      publicCredentials: publicCredentials(config.credentials),
      options: config.options,
      settings: config.settings,
      filters: config.filters,
    })
    .returning();
  return row as typeof siemIntegrations.$inferSelect;
}

/** A dead letter of the integration (an event it could not deliver). */
async function insertDeadLetter(ctx: TestContext, organizationId: string, integrationId: string) {
  const event = createSiemEvent({
    type: 'vulnerability_found',
    severity: 'high',
    organizationId,
    title: 'tm dead letter',
    message: 'tm',
  });
  const [row] = await ctx.db
    .insert(siemEvents)
    .values({
      id: event.id,
      organizationId,
      type: event.type,
      level: event.level,
      source: event.source,
      event,
    })
    .returning({ seq: siemEvents.seq });
  await ctx.db.insert(siemDeliveries).values({
    integrationId,
    eventId: event.id,
    organizationId,
    seq: (row as { seq: number }).seq,
    state: 'dead',
    lastError: 'tm: refused',
  });
  return event.id;
}

/** A's SIEM fixtures: an integration named with `mark` and one dead letter of it. */
export async function seedSiem(ctx: TestContext, organizationId: string, mark: string) {
  const integration = await insertIntegration(ctx, organizationId, `${mark} splunk`);
  return {
    integrationId: integration.id,
    deadLetterId: await insertDeadLetter(ctx, organizationId, integration.id),
  };
}

const day = 86_400_000;
const range = () =>
  `from=${new Date(Date.now() - day).toISOString()}&to=${new Date(Date.now() + day).toISOString()}`;

/** One sample per SIEM operation; none reaches a SIEM (Test Connection is refused locally). */
export const SIEM_SAMPLES: Record<string, Sample> = {
  'GET /api/siem/integrations': { req: () => ({ url: '/api/siem/integrations' }) },
  'POST /api/siem/integrations': {
    req: () => ({
      url: '/api/siem/integrations',
      payload: {
        name: 'tm splunk',
        type: 'splunk',
        endpoint: NOWHERE,
        credentials: { key: 'tm-token' },
      },
    }),
  },
  'PATCH /api/siem/integrations/:id': {
    req: send((f) => `/api/siem/integrations/${f.siem.integrationId}`, { name: 'tm renamed' }),
  },
  'DELETE /api/siem/integrations/:id': {
    req: async (f, _c, ctx) => ({
      url: `/api/siem/integrations/${(await insertIntegration(ctx, f.organizationId, 'tm gone')).id}`,
    }),
  },
  'POST /api/siem/integrations/:id/test': {
    req: send((f) => `/api/siem/integrations/${f.siem.integrationId}/test`, undefined),
  },
  'POST /api/siem/integrations/:id/realtime': {
    req: send((f) => `/api/siem/integrations/${f.siem.integrationId}/realtime`, {
      enabled: true,
    }),
  },
  'GET /api/siem/integrations/:id/deliveries': {
    req: get((f) => `/api/siem/integrations/${f.siem.integrationId}/deliveries`),
  },
  'POST /api/siem/integrations/:id/replay': {
    req: (f) => ({
      url: `/api/siem/integrations/${f.siem.integrationId}/replay`,
      payload: { eventIds: [f.siem.deadLetterId] },
    }),
  },
  'GET /api/siem/integrations/:id/export': {
    req: get((f) => `/api/siem/integrations/${f.siem.integrationId}/export?${range()}`),
  },
  'GET /api/siem/queries': { req: () => ({ url: '/api/siem/queries?siemType=splunk' }) },
};
