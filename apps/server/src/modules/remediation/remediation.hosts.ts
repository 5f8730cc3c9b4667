// SSH connections to the hosts an organization remediates: the key or password sealed, the host
// key pinned once a person confirms it. Test Connection connects and shows the key the host
// presents; confirming that fingerprint pins it, and only then does the host run executions.
import { randomUUID } from 'node:crypto';
import {
  REMEDIATION_TEXT,
  type TConfirmHostKey,
  type THostTestResult,
  type TRemediationHost,
  type TRemediationHostCreate,
  ZConfirmHostKey,
  ZRemediationHostCreate,
} from '@netguard/contracts';
import { classifyFailure, type Network } from '@netguard/egress';
import { connectHost } from '@netguard/remediation';
import { and, desc, eq } from 'drizzle-orm';
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

/**
 * Records what a connection found: the time and the key the host presented (shown for a person
 * to confirm; a connection never pins a key by itself), or the error.
 */
export async function recordConnection(
  db: Executor,
  host: HostRow,
  outcome: { hostKeySha256: string } | { error: string },
) {
  if ('error' in outcome) {
    await db.update(h).set({ lastError: outcome.error }).where(eq(h.id, host.id));
    return;
  }
  await db
    .update(h)
    .set({ lastConnectedAt: new Date(), lastError: null, seenHostKeySha256: outcome.hostKeySha256 })
    .where(eq(h.id, host.id));
}

/** Why a host may not run executions yet (its key not confirmed by a person), or null. */
export const unconfirmedKey = (host: Pick<HostRow, 'name' | 'address' | 'hostKeyConfirmedAt'>) =>
  host.hostKeyConfirmedAt
    ? null
    : `The host key of ${host.name} (${host.address}) is not confirmed: run Test Connection, compare the SHA256 fingerprint it shows with the host's own, and confirm it before running executions there`;

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
            // A key the person typed in is confirmed by them; otherwise Test Connection shows one.
            ...(body.hostKeySha256
              ? { hostKeyConfirmedAt: new Date(), hostKeyConfirmedBy: auth.userId }
              : {}),
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

    /**
     * Pins the key a person compared: it must be the one the host presented (the pinned one of a
     * host pinned before confirmation existed, else the one the last connection saw).
     */
    async confirmKey(
      auth: AuthContext,
      id: string,
      input: TConfirmHostKey,
      meta: RequestMeta,
    ): Promise<TRemediationHost> {
      const body = ZConfirmHostKey.parse(input);
      const row = await found(auth, id);
      const presented = row.hostKeySha256 ?? row.seenHostKeySha256;
      if (!presented)
        throw new AppError(
          'conflict',
          409,
          'No host key to confirm yet: run Test Connection to see the fingerprint the host presents',
        );
      if (presented !== body.hostKeySha256)
        throw new AppError(
          'conflict',
          409,
          `That fingerprint is not the one the host presented (${presented}): run Test Connection again and compare`,
        );
      const [updated] = await db
        .update(h)
        .set({
          hostKeySha256: presented,
          hostKeyConfirmedAt: new Date(),
          hostKeyConfirmedBy: auth.userId,
        })
        .where(and(eq(h.id, row.id), eq(h.organizationId, auth.organizationId)))
        .returning();
      await audit(auth, 'remediation_host.confirm_key', id, meta, { hostKeySha256: presented });
      return toHost(updated as HostRow);
    },

    /** Connects (outside any transaction: called from a preHandler) and reports. */
    test: deps.test,

    /** Keeps what the test found on the host and writes it as a security event. */
    async recordTest(auth: AuthContext, id: string, test: HostTest, meta: RequestMeta) {
      const row = await found(auth, id);
      // Connected (root or not): the key it presented is kept to be confirmed.
      if (test.hostKeySha256)
        await recordConnection(db, row, { hostKeySha256: test.hostKeySha256 });
      if (!test.ok) await recordConnection(db, row, { error: test.message });
      await recordConnectionTest(db, auth, meta, {
        feature: `SSH connection ${row.name ?? row.address}`,
        destination: `${row.address}:${row.port}`,
        ...(test.ok ? {} : { failure: test.failure ?? new Error(test.message) }),
      });
    },
  };
}

export type HostService = ReturnType<typeof createHostService>;
