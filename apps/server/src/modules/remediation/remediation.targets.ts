// What an execution works on, from its finding: a host through the organization's SSH
// connection to that address, or a cloud resource through the cloud connection that found it.
import { REMEDIATION_TEXT } from '@netguard/contracts';
import type { RemediationAction } from '@netguard/remediation';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cloudConnections } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { unconfirmedKey } from './remediation.hosts.ts';
import { hostByAddress, type VulnerabilityRow } from './remediation.repo.ts';

export type ExecutionTarget = {
  target: string;
  /** One running execution per lock key: the host's address, or the cloud resource. */
  lockKey: string;
  hostId: string | null;
  cloudConnectionId: string | null;
  params: Record<string, unknown>;
};

const bad = (message: string) => new AppError('validation_error', 400, message);

/** Debian's nginx and Apache serve /var/www/html unless the execution names another root. */
const DEFAULT_WEB_ROOT = '/var/www/html';

/** A cloud finding's key: cloud|provider|account|region|check|resource (cloud.record.ts). */
function cloudKey(vuln: VulnerabilityRow) {
  const [kind, provider, account, region, checkId, ...rest] = (vuln.findingKey ?? '').split('|');
  if (kind !== 'cloud' || !provider || !checkId) return null;
  return {
    provider,
    account: account ?? '',
    region: region ?? '',
    checkId,
    resourceId: rest.join('|'),
  };
}

/** A host action's finding is on an address the organization has no SSH connection to. */
export class NoSshHost extends AppError {
  constructor(readonly address: string) {
    super(
      'validation_error',
      400,
      `No SSH connection for ${address}: add it under ${REMEDIATION_TEXT.configureWorkflows} → Hosts`,
    );
  }
}

export async function targetOf(
  db: Executor,
  organizationId: string,
  vuln: VulnerabilityRow,
  action: RemediationAction,
): Promise<ExecutionTarget> {
  if (action.type === 'cloud') {
    const key = cloudKey(vuln);
    if (!key) throw bad(`${action.name} fixes cloud findings; this finding is not one`);
    const [connection] = await db
      .select({ id: cloudConnections.id })
      .from(cloudConnections)
      .where(
        and(
          eq(cloudConnections.organizationId, organizationId),
          eq(cloudConnections.provider, key.provider as 'aws'),
          ...(key.account ? [eq(cloudConnections.account, key.account)] : []),
        ),
      )
      .orderBy(asc(cloudConnections.createdAt))
      .limit(1);
    if (!connection)
      throw bad(`No ${key.provider.toUpperCase()} connection for account ${key.account || '?'}`);
    return {
      target: key.resourceId || vuln.host,
      lockKey: `${key.provider}:${key.resourceId || vuln.host}`,
      hostId: null,
      cloudConnectionId: connection.id,
      params: {
        ...key,
        // The scanner's evidence names the exact item (e.g. which access key slot).
        details: vuln.evidence && typeof vuln.evidence === 'object' ? vuln.evidence : undefined,
      },
    };
  }
  const host = await hostByAddress(db, organizationId, vuln.host);
  if (!host) throw new NoSshHost(vuln.host);
  const unconfirmed = unconfirmedKey(host);
  if (unconfirmed) throw bad(unconfirmed);
  return {
    target: vuln.port === null ? vuln.host : `${vuln.host}:${vuln.port}`,
    lockKey: vuln.host,
    hostId: host.id,
    cloudConnectionId: null,
    params: { port: vuln.port ?? undefined, webRoot: DEFAULT_WEB_ROOT },
  };
}
