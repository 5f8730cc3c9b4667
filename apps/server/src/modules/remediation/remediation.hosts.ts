// SSH connections to the hosts an organization remediates: the key or password sealed, the host
// key pinned on first use. Test Connection connects, pins and reports.
import { randomUUID } from 'node:crypto';
import {
  REMEDIATION_TEXT,
  type THostTestResult,
  type TRemediationHost,
  type TRemediationHostCreate,
  ZRemediationHostCreate,
} from '@netguard/contracts';
import { classifyFailure, type Network } from '@netguard/egress';
import { connectHost } from '@netguard/remediation';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { remediationHosts } from '../../db/schema.ts';
import { recordConnectionTest } from '../../lib/connection-tests.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import { createSealer, type Sealer } from '../../lib/sealed-secrets.ts';
import { insertAuditLog, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import type { HostRow } from './remediation.repo.ts';
import { toHost } from './remediation.view.ts';

const h = remediationHosts;

export const createHostSecrets = (secret: string): Sealer =>
  createSealer(secret, 'remediation-host-credentials');

export type HostSecret = { privateKey?: string; passphrase?: string; password?: string };

/**
 * Connects to a stored host with its sealed secret and pinned key (unpinned: the key seen), over a
 * connection `network` allows (refused before any packet otherwise).
 */
export function openHost(host: HostRow, secrets: Sealer, network: Network) {
  const secret = secrets.open(host.organizationId, host.id, host.sealedCredentials) as HostSecret;
  return connectHost({
    host: host.address,
    port: host.port,
    username: host.username,
    ...secret,
    hostKeySha256: host.hostKeySha256 ?? undefined,
    sudo: host.privilege,
    openSocket: (address, port, timeoutMs) =>
      network.connect({ host: address, port, timeoutMs }).catch((error: unknown) => {
        throw classifyFailure(error);
      }),
  });
}

/** A Test Connection's answer, with the failure behind it (for the security event). */
export type HostTest = THostTestResult & { failure?: unknown };

export const hostNotFound = () => new AppError('not_found', 404, REMEDIATION_TEXT.hostNotFound);

/** Records what a connection found: the key pinned when none was, the time, or the error. */
export async function recordConnection(
  db: Executor,
  host: HostRow,
  outcome: { hostKeySha256: string } | { error: string },
) {
  if ('error' in outcome) {
    await db.update(h).set({ lastError: outcome.error }).where(eq(h.id, host.id));
    return;
  }
  await db.update(h).set({ lastConnectedAt: new Date(), lastError: null }).where(eq(h.id, host.id));
  await db
    .update(h)
    .set({ hostKeySha256: outcome.hostKeySha256 })
    .where(and(eq(h.id, host.id), isNull(h.hostKeySha256)));
}

export function createHostService(deps: {
  db: Executor;
  secrets: Sealer;
  test: (auth: AuthContext, host: HostRow) => Promise<HostTest>;
}) {
  const { db, secrets } = deps;

  const found = async (auth: AuthContext, id: string) => {
    const [row] = await db
      .select()
      .from(h)
      .where(and(eq(h.organizationId, auth.organizationId), eq(h.id, id)));
    if (!row) throw hostNotFound();
    return row;
  };

  const audit = (auth: AuthContext, action: string, id: string, meta: RequestMeta, details = {}) =>
    insertAuditLog(
      db,
      {
        userId: auth.userId,
        organizationId: auth.organizationId,
        action,
        resourceType: 'remediation_host',
        resourceId: id,
        details,
      },
      meta,
    );

  return {
    found,
    async list(auth: AuthContext): Promise<TRemediationHost[]> {
      const rows = await db
        .select()
        .from(h)
        .where(eq(h.organizationId, auth.organizationId))
        .orderBy(desc(h.createdAt));
      return rows.map(toHost);
    },

    async create(
      auth: AuthContext,
      input: TRemediationHostCreate,
      meta: RequestMeta,
    ): Promise<TRemediationHost> {
      const body = ZRemediationHostCreate.parse(input);
      const id = randomUUID();
      const secret: HostSecret =
        body.auth.type === 'key'
          ? { privateKey: body.auth.privateKey, passphrase: body.auth.passphrase }
          : { password: body.auth.password };
      try {
        const [row] = await db
          .insert(h)
          .values({
            id,
            organizationId: auth.organizationId,
            name: body.name,
            address: body.address,
            port: body.port,
            username: body.username,
            authType: body.auth.type,
            sealedCredentials: secrets.seal(auth.organizationId, id, secret),
            privilege: body.privilege,
            hostKeySha256: body.hostKeySha256 ?? null,
            createdBy: auth.userId,
          })
          .returning();
        await audit(auth, 'remediation_host.create', id, meta, { address: body.address });
        return toHost(row as HostRow);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('conflict', 409, `A connection to ${body.address} exists already`);
        throw error;
      }
    },

    async remove(auth: AuthContext, id: string, meta: RequestMeta) {
      const row = await found(auth, id);
      await db.delete(h).where(eq(h.id, row.id));
      await audit(auth, 'remediation_host.delete', id, meta, { address: row.address });
    },

    /** Connects (outside any transaction: called from a preHandler) and reports. */
    test: deps.test,

    /** Keeps what the test found on the host and writes it as a security event. */
    async recordTest(auth: AuthContext, id: string, test: HostTest, meta: RequestMeta) {
      const row = await found(auth, id);
      await recordConnection(
        db,
        row,
        test.ok && test.hostKeySha256
          ? { hostKeySha256: test.hostKeySha256 }
          : { error: test.message },
      );
      await recordConnectionTest(db, auth, meta, {
        feature: `SSH connection ${row.name ?? row.address}`,
        destination: `${row.address}:${row.port}`,
        ...(test.ok ? {} : { failure: test.failure ?? new Error(test.message) }),
      });
    },
  };
}

export type HostService = ReturnType<typeof createHostService>;
