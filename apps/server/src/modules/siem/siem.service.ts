import { randomUUID } from 'node:crypto';
import {
  SIEM_TEXT,
  siemConfigProblems,
  type TSiemCredentials,
  type TSiemIntegration,
  type TSiemIntegrationCreate,
  type TSiemIntegrationList,
  type TSiemIntegrationUpdate,
  type TSiemTestResult,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import type { ServerEgress } from '../../lib/egress.ts';
import { AppError } from '../../lib/errors.ts';
import type { Sealer } from '../../lib/sealed-secrets.ts';
import { insertAuditLog, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { healthyStatus, type IntegrationRow } from './siem.config.ts';
import { notifyForwarder } from './siem.outbox.ts';
import * as repo from './siem.repo.ts';
import { type ConnectionTestRun, testConnection } from './siem.test-connection.ts';
import { publicCredentials, toDelivery, toIntegration } from './siem.view.ts';

export const integrationNotFound = () => new AppError('not_found', 404, SIEM_TEXT.notFound);

/** SIEM integrations: configuration (credentials sealed), Test Connection, the delivery log. */
export function createSiemService(deps: {
  db: Executor;
  secrets: Sealer;
  /** Test Connection goes out with the signed-in user's reach; a save records whether it was an operator's. */
  egress: Pick<ServerEgress, 'forUser'>;
}) {
  const { db, secrets, egress } = deps;

  /** Whether the user saving an integration is a deployment operator (forwarding's reach). */
  const savedByOperator = async (auth: AuthContext) =>
    (await egress.forUser(auth.userId)).who.operator;

  const found = async (auth: AuthContext, id: string) => {
    const row = await repo.findIntegration(db, auth.organizationId, id);
    if (!row) throw integrationNotFound();
    return row;
  };

  const audit = (auth: AuthContext, action: string, id: string, meta: RequestMeta, details = {}) =>
    insertAuditLog(
      db,
      {
        userId: auth.userId,
        organizationId: auth.organizationId,
        action,
        resourceType: 'siem_integration',
        resourceId: id,
        details,
      },
      meta,
    );

  const problemsOf = (config: Parameters<typeof siemConfigProblems>[0]) => {
    const problems = siemConfigProblems(config);
    if (problems.length)
      throw new AppError(
        'validation_error',
        400,
        problems.map((p) => p.message).join('; '),
        problems,
      );
  };

  async function list(auth: AuthContext): Promise<TSiemIntegrationList> {
    const [rows, stats, last24h] = await Promise.all([
      repo.listIntegrations(db, auth.organizationId),
      repo.integrationStats(db, auth.organizationId),
      repo.deliveredLast24h(db, auth.organizationId),
    ]);
    const integrations = rows.map((row) => toIntegration(row, stats.get(row.id)));
    return {
      integrations,
      summary: {
        total: integrations.length,
        active: integrations.filter((x) => x.status === 'active').length,
        error: integrations.filter((x) => x.status === 'error').length,
        deliveredLast24h: last24h,
        backlog: integrations.reduce((n, x) => n + x.stats.backlog, 0),
        deadLettered: integrations.reduce((n, x) => n + x.stats.deadLettered, 0),
      },
    };
  }

  async function view(auth: AuthContext, row: IntegrationRow): Promise<TSiemIntegration> {
    const stats = await repo.integrationStats(db, auth.organizationId);
    return toIntegration(row, stats.get(row.id));
  }

  async function create(
    auth: AuthContext,
    body: TSiemIntegrationCreate,
    meta: RequestMeta,
  ): Promise<TSiemIntegration> {
    const id = randomUUID();
    const row = await repo.insertIntegration(db, {
      id,
      organizationId: auth.organizationId,
      name: body.name,
      type: body.type,
      endpoint: body.endpoint,
      authType: body.authType,
      sealedCredentials: secrets.seal(auth.organizationId, id, body.credentials),
      publicCredentials: publicCredentials(body.credentials),
      options: body.options,
      settings: body.settings,
      filters: body.filters,
      status: healthyStatus(body.settings),
      createdBy: auth.userId,
      savedByOperator: await savedByOperator(auth),
    });
    await audit(auth, 'siem_integration.create', id, meta, { name: body.name, type: body.type });
    return toIntegration(row);
  }

  /** Configure: fields given replace the stored ones; credentials merge field by field. */
  async function update(
    auth: AuthContext,
    id: string,
    body: TSiemIntegrationUpdate,
    meta: RequestMeta,
  ): Promise<TSiemIntegration> {
    const row = await found(auth, id);
    const stored = secrets.open(
      row.organizationId,
      row.id,
      row.sealedCredentials,
    ) as TSiemCredentials;
    const credentials = { ...stored, ...(body.credentials ?? {}) };
    const settings = { ...row.settings, ...(body.settings ?? {}) };
    const merged = {
      type: row.type,
      endpoint: body.endpoint ?? row.endpoint,
      authType: body.authType ?? row.authType,
      credentials,
      options: body.options ?? row.options,
    };
    problemsOf(merged);
    const updated = await repo.updateIntegration(db, auth.organizationId, id, {
      name: body.name ?? row.name,
      endpoint: merged.endpoint,
      authType: merged.authType,
      options: merged.options,
      settings,
      filters: { ...row.filters, ...(body.filters ?? {}) },
      savedByOperator: await savedByOperator(auth),
      ...(body.credentials
        ? {
            sealedCredentials: secrets.seal(row.organizationId, row.id, credentials),
            publicCredentials: publicCredentials(credentials),
          }
        : {}),
      // A new configuration is tried at once, and its status is what the next delivery says.
      retryAt: null,
      failures: 0,
      // Realtime off shows inactive; back on, an inactive one is active (an error stays shown).
      ...(!settings.enableRealtime || row.status === 'inactive'
        ? { status: healthyStatus(settings) }
        : {}),
    });
    if (!updated) throw integrationNotFound();
    await notifyForwarder(db, id);
    await audit(auth, 'siem_integration.update', id, meta, {
      fields: Object.keys(body),
      credentialsChanged: Object.keys(body.credentials ?? {}),
    });
    return view(auth, updated);
  }

  async function remove(auth: AuthContext, id: string, meta: RequestMeta): Promise<void> {
    if (!(await repo.deleteIntegration(db, auth.organizationId, id))) throw integrationNotFound();
    await audit(auth, 'siem_integration.delete', id, meta);
  }

  /**
   * Test Connection (outside the request's transaction: the destination may take its timeout),
   * through the network of the user who asks.
   */
  async function test(auth: AuthContext, id: string): Promise<ConnectionTestRun> {
    const row = await found(auth, id);
    return testConnection(row, secrets, await egress.forUser(auth.userId));
  }

  /** Keeps what the last Test Connection said as the integration's status; gives the row. */
  async function recordTest(auth: AuthContext, id: string, result: TSiemTestResult) {
    const row = await found(auth, id);
    await repo.updateIntegration(db, auth.organizationId, id, {
      status: result.success ? healthyStatus(row.settings) : 'error',
      lastError: result.success ? null : result.message,
      ...(result.success ? { lastSync: new Date() } : {}),
      updatedAt: row.updatedAt,
    });
    return row;
  }

  async function setRealtime(
    auth: AuthContext,
    id: string,
    body: { enabled: boolean; eventTypes?: TSiemIntegration['filters']['eventTypes'] },
    meta: RequestMeta,
  ) {
    const integration = await update(
      auth,
      id,
      {
        settings: { enableRealtime: body.enabled },
        ...(body.eventTypes ? { filters: { eventTypes: body.eventTypes } } : {}),
      },
      meta,
    );
    return { success: true, integration };
  }

  async function deliveries(
    auth: AuthContext,
    id: string,
    query: Parameters<typeof repo.listDeliveries>[3],
  ) {
    await found(auth, id);
    const rows = await repo.listDeliveries(db, auth.organizationId, id, query);
    return { deliveries: rows.map(toDelivery) };
  }

  async function replay(
    auth: AuthContext,
    id: string,
    eventIds: string[] | undefined,
    meta: RequestMeta,
  ) {
    await found(auth, id);
    const replayed = await repo.replayDeadLetters(db, auth.organizationId, id, eventIds);
    await notifyForwarder(db, id);
    await audit(auth, 'siem_integration.replay', id, meta, { replayed });
    return { replayed };
  }

  return { list, create, update, remove, test, recordTest, setRealtime, deliveries, replay, found };
}

export type SiemService = ReturnType<typeof createSiemService>;
