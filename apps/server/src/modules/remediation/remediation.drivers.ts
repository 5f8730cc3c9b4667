// Drivers for the runner: a host through its SSH connection (connected on first use, the host key
// pinned on the first connection and checked on every later one), a cloud resource through the
// cloud connection that found it. Verification re-runs the check within the deployment's scan
// scope.
import type { CredentialsOf, Provider, Transport } from '@netguard/cloud';
import {
  applyHost,
  type CloudFinding,
  cloudExecutor,
  dryRunHost,
  type HostConnection,
  RemediationError,
  rollbackHost,
  verifyHostCheck,
} from '@netguard/remediation';
import { and, eq } from 'drizzle-orm';
import type { CloudEndpoints } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { cloudConnections } from '../../db/schema.ts';
import type { ServerEgress } from '../../lib/egress.ts';
import type { Sealer } from '../../lib/sealed-secrets.ts';
import { type ScopeLists, scanScope } from '../scans/scans.egress.ts';
import type { Driver, DriverFactory, DriverTarget } from './remediation.driver.ts';
import { openHost, recordConnection, unconfirmedKey } from './remediation.hosts.ts';
import { hostById } from './remediation.repo.ts';
import { findAction } from './remediation.view.ts';

export type DriverDeps = {
  db: Executor;
  hostSecrets: Sealer;
  cloudSecrets: Sealer;
  cloudEndpoints: CloudEndpoints;
  /** How cloud APIs are reached (an agent trusting a private CA); default Node's. */
  cloudTransport?: Transport;
  /** The deployment's scan scope: verification scans stay inside it (and the egress policy). */
  scope: ScopeLists;
  /** Hosts are reached as their organization's (a job has no operator behind it). */
  egress: Pick<ServerEgress, 'tenant' | 'policy'>;
};

const gone = (what: string) => new RemediationError('unreachable', `${what} no longer exists`);

function actionOf(row: DriverTarget) {
  const action = findAction(row.actionId);
  if (!action) throw new RemediationError('missing_parameter', `Unknown action ${row.actionId}`);
  return action;
}

async function hostDriver(deps: DriverDeps, row: DriverTarget): Promise<Driver> {
  const host = row.hostId ? await hostById(deps.db, row.hostId) : null;
  if (!host || host.organizationId !== row.organizationId) throw gone('The SSH connection');
  // A key no person confirmed is never trusted with a change (nor with a dry run's reads).
  const unconfirmed = unconfirmedKey(host);
  if (unconfirmed) throw new RemediationError('host_key_mismatch', unconfirmed);
  const action = actionOf(row);
  const params = row.params as { port?: number; webRoot?: string; package?: string };
  let open: Promise<HostConnection> | null = null;
  const connection = () => {
    open ??= (async () => {
      try {
        const conn = await openHost(host, deps.hostSecrets, deps.egress.tenant());
        await recordConnection(deps.db, host, { hostKeySha256: conn.hostKeySha256 });
        return conn;
      } catch (error) {
        await recordConnection(deps.db, host, { error: (error as Error).message });
        throw error;
      }
    })();
    return open;
  };
  return {
    dryRun: async () => dryRunHost(await connection(), action, params, row.id),
    apply: async (captured) =>
      applyHost(await connection(), action, params, row.id, { onCaptured: captured }),
    rollback: async (captured) => rollbackHost(await connection(), captured, row.id),
    verify: (checkId, port = params.port) => {
      if (port === undefined)
        throw new RemediationError('missing_parameter', 'The finding names no port to check');
      const scope = scanScope(deps.scope, deps.egress.policy(), deps.egress.tenant().who);
      return verifyHostCheck({ host: host.address, port, checkId, scope });
    },
    close: async () => {
      if (open) (await open.catch(() => null))?.close();
    },
  };
}

/** Stored credentials plus where this deployment reaches the provider (cloud.scanners.ts). */
function reach(provider: Provider, endpoints: CloudEndpoints): Record<string, string> {
  const extra: Record<string, string | undefined> =
    provider === 'aws'
      ? { endpoint: endpoints.aws }
      : provider === 'azure'
        ? { authorityHost: endpoints.azureAuthority, resourceManagerEndpoint: endpoints.azureArm }
        : { apiEndpoint: endpoints.gcpApi };
  return Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}

async function cloudDriver(deps: DriverDeps, row: DriverTarget): Promise<Driver> {
  const action = actionOf(row);
  const executor = cloudExecutor(action);
  if (!executor) throw new RemediationError('missing_parameter', `${action.name} cannot run here`);
  const [connection] = row.cloudConnectionId
    ? await deps.db
        .select()
        .from(cloudConnections)
        .where(
          and(
            eq(cloudConnections.id, row.cloudConnectionId),
            eq(cloudConnections.organizationId, row.organizationId),
          ),
        )
    : [];
  if (!connection) throw gone('The cloud connection');
  const credentials = {
    ...(deps.cloudSecrets.open(
      connection.organizationId,
      connection.id,
      connection.sealedCredentials,
    ) as object),
    ...reach(executor.provider, deps.cloudEndpoints),
  } as CredentialsOf[Provider];
  const params = row.params as {
    checkId?: string;
    resourceId?: string;
    region?: string;
    details?: Record<string, unknown>;
  };
  const finding: CloudFinding = {
    checkId: params.checkId ?? '',
    resourceId: params.resourceId || row.target,
    region: params.region || undefined,
    details: params.details,
  };
  const options = deps.cloudTransport ? { transport: deps.cloudTransport } : {};
  return {
    dryRun: () => executor.dryRun(credentials as never, finding, options),
    apply: (captured) =>
      executor.apply(credentials as never, finding, { ...options, onCaptured: captured }),
    rollback: (captured) => executor.rollback(credentials as never, captured, options),
    verify: (checkId) =>
      executor.verify(credentials as never, checkId, finding.resourceId, options),
    close: async () => undefined,
  };
}

export function createDrivers(deps: DriverDeps): DriverFactory {
  return (row) => (row.cloudConnectionId ? cloudDriver(deps, row) : hostDriver(deps, row));
}
