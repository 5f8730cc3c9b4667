import { randomUUID } from 'node:crypto';
import { type Identity, VerificationFailed } from '@netguard/cloud';
import {
  CLOUD_PROVIDER_LABELS,
  CLOUD_TEXT,
  eventRiskScore,
  type TCloudConnection,
  type TCloudScan,
  type TCloudScanRequest,
  type TEventSeverity,
  type TStoreCloudCredentialsParsed,
} from '@netguard/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cloudConnections } from '../../db/schema.ts';
import { afterCommit } from '../../db/tenant-scope.ts';
import type { ServerEgress } from '../../lib/egress.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { notifyRealtime } from '../../realtime/notify.ts';
import { insertSecurityEvent, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { assertScansLeft } from '../subscription/plan-limits.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import type { CloudQueue } from './cloud.queue.ts';
import * as repo from './cloud.repo.ts';
import { type CloudScanners, scannerOf } from './cloud.scanners.ts';
import * as scansRepo from './cloud.scans.repo.ts';
import type { CloudSecrets } from './cloud.secrets.ts';
import { toCloudScan, toConnection } from './cloud.view.ts';

const connectionNotFound = () => new AppError('not_found', 404, CLOUD_TEXT.connectionNotFound);

/** The default region (AWS, GCP) or location (Azure) of the form. */
const regionOf = (body: TStoreCloudCredentialsParsed) =>
  body.provider === 'azure' ? body.credentials.location : body.credentials.region;

/**
 * Cloud connections (verified with a real call before they are stored, credentials sealed) and
 * the scans of them, run by the cloud scan jobs.
 */
export function createCloudService(deps: {
  db: Executor;
  secrets: CloudSecrets;
  scanners: CloudScanners;
  /** Endpoints the credentials name (a GCP key's token_uri) are reached through it. */
  egress: Pick<ServerEgress, 'forUser'>;
  queue: Pick<CloudQueue, 'send'>;
  subscription: Pick<SubscriptionService, 'status'>;
  log: Logger;
}) {
  const { db } = deps;

  const connectionEvent = (
    auth: AuthContext,
    severity: TEventSeverity,
    description: string,
    metadata: Record<string, unknown>,
    meta: RequestMeta,
  ) =>
    insertSecurityEvent(
      db,
      {
        userId: auth.userId,
        organizationId: auth.organizationId,
        eventType: 'privilege_escalation',
        severity,
        description,
        metadata: { ...metadata, riskScore: eventRiskScore('privilege_escalation', severity) },
      },
      meta,
    );

  /** One real call through the library; the provider's reason when it refuses. */
  async function verify(auth: AuthContext, body: TStoreCloudCredentialsParsed) {
    const scanner = scannerOf(deps.scanners, body.provider);
    const network = await deps.egress.forUser(auth.userId);
    try {
      return await scanner.verify(body.credentials as never, { credentialFetch: network.fetch });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof VerificationFailed)
        throw new AppError('bad_request', 400, CLOUD_TEXT.connectionRefused(body.provider, reason));
      deps.log.warn({ err: error, provider: body.provider }, 'cloud verification failed');
      throw new AppError(
        'service_unavailable',
        502,
        `${CLOUD_TEXT.connectionFailed(body.provider)} ${CLOUD_PROVIDER_LABELS[body.provider]} could not be reached: ${reason}`,
      );
    }
  }

  return {
    async list(auth: AuthContext): Promise<TCloudConnection[]> {
      const rows = await repo.listConnections(db, auth.organizationId);
      return rows.map((r) => toConnection(r.row, r.vulnerabilities));
    },

    /**
     * One real call to the provider with the credentials; outside any database transaction (the
     * route runs it before its handler), since the provider may take its time answering.
     */
    verify,

    /** Stores credentials that `verify` accepted as `identity`. */
    async connect(
      auth: AuthContext,
      body: TStoreCloudCredentialsParsed,
      identity: Identity,
      meta: RequestMeta,
    ): Promise<TCloudConnection> {
      const label = CLOUD_PROVIDER_LABELS[body.provider];
      const [same] = await db
        .select({ name: cloudConnections.name })
        .from(cloudConnections)
        .where(
          and(
            eq(cloudConnections.organizationId, auth.organizationId),
            eq(cloudConnections.provider, body.provider),
            eq(cloudConnections.account, identity.account),
          ),
        );
      if (same)
        throw new AppError(
          'conflict',
          409,
          `This ${label} account (${identity.account}) is already connected as "${same.name}"`,
        );
      const id = randomUUID();
      const row = await repo.insertConnection(db, {
        id,
        organizationId: auth.organizationId,
        provider: body.provider,
        name: body.name ?? `${label} ${identity.displayName ?? identity.account}`.slice(0, 100),
        sealedCredentials: deps.secrets.seal(auth.organizationId, id, body.credentials),
        region: regionOf(body),
        account: identity.account,
        principal: identity.principal,
        createdBy: auth.userId,
      });
      await connectionEvent(
        auth,
        'medium',
        `${label} account ${identity.account} connected for cloud scans`,
        {
          outcome: 'connected',
          connectionId: id,
          provider: body.provider,
          account: identity.account,
        },
        meta,
      );
      return toConnection(row, 0);
    },

    /** Disconnects: the row and its sealed credentials are deleted; findings stay as history. */
    async disconnect(auth: AuthContext, id: string, meta: RequestMeta): Promise<void> {
      const row = await repo.deleteConnection(db, auth.organizationId, id);
      if (!row) throw connectionNotFound();
      await connectionEvent(
        auth,
        'low',
        `${CLOUD_PROVIDER_LABELS[row.provider]} account ${row.account ?? ''} disconnected`.trim(),
        { outcome: 'disconnected', connectionId: id, provider: row.provider, account: row.account },
        meta,
      );
    },

    /**
     * Queues a scan of one connection, or of every scannable one (of the service scan's provider
     * when one is given): "Run Multi-Cloud Scan". Connections already being scanned are skipped.
     */
    async startScans(auth: AuthContext, body: TCloudScanRequest): Promise<TCloudScan[]> {
      const service = body.serviceScan;
      let targets: repo.ConnectionRow[];
      if (body.connectionId) {
        const found = await repo.findConnection(db, auth.organizationId, body.connectionId);
        if (!found) throw connectionNotFound();
        if (found.row.status === 'disconnected')
          throw new AppError('conflict', 409, CLOUD_TEXT.connectionNotConnected);
        if (service && service.provider !== found.row.provider)
          throw new AppError('bad_request', 400, CLOUD_TEXT.wrongProvider(service.provider));
        targets = [found.row];
      } else {
        targets = await repo.scannableConnections(db, auth.organizationId, service?.provider);
      }
      if (targets.length === 0) throw new AppError('conflict', 409, CLOUD_TEXT.noConnection);
      const busy = await scansRepo.busyConnections(
        db,
        targets.map((t) => t.id),
      );
      const free = targets.filter((t) => !busy.has(t.id));
      if (free.length === 0) throw new AppError('conflict', 409, CLOUD_TEXT.scanAlreadyRunning);
      // One scan of the Free plan's monthly allowance per connection scanned.
      await assertScansLeft(db, deps.subscription, auth, free.length);
      const rows = await scansRepo.insertScans(
        db,
        free.map((connection) => ({
          organizationId: auth.organizationId,
          connectionId: connection.id,
          connectionName: connection.name,
          provider: connection.provider,
          serviceScope: service
            ? {
                service: service.service,
                scanType: service.scanType,
                region: service.region ?? null,
              }
            : null,
          requestedBy: auth.userId,
        })),
      );
      for (const row of rows)
        await notifyRealtime(db, {
          table: 'cloud_scans',
          event: 'INSERT',
          id: row.id,
          organization_id: row.organizationId,
        });
      await afterCommit(async () => {
        for (const row of rows)
          await deps.queue.send(row.id).catch((error: unknown) =>
            // The sweep fails a scan whose job never came (cloud.worker.ts).
            deps.log.error({ err: error, cloudScanId: row.id }, 'cloud scan job not sent'),
          );
      });
      return rows.map(toCloudScan);
    },

    async listScans(auth: AuthContext, query: { connectionId?: string; limit: number }) {
      return (await scansRepo.listScans(db, auth.organizationId, query)).map(toCloudScan);
    },

    async cancelScan(auth: AuthContext, id: string): Promise<TCloudScan> {
      const row = await scansRepo.cancelScan(db, auth.organizationId, id);
      if (row) {
        await notifyRealtime(db, {
          table: 'cloud_scans',
          event: 'UPDATE',
          id,
          organization_id: auth.organizationId,
        });
        return toCloudScan(row);
      }
      if (!(await scansRepo.findScan(db, auth.organizationId, id)))
        throw new AppError('not_found', 404, CLOUD_TEXT.scanNotFound);
      throw new AppError('conflict', 409, CLOUD_TEXT.scanNotCancellable);
    },
  };
}

export type CloudService = ReturnType<typeof createCloudService>;
