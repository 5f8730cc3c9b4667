// Probes of the platform's parts: database and migrations, the job queue, realtime, mail, billing
// and a settings row's backup and restore (the canary organization's).
import { setTimeout as delay } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type pg from 'pg';
import Stripe from 'stripe';
import type { StripeSettings } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { appliedMigrationTime, committedMigrations } from '../../db/migrate.ts';
import { mailOutbox, organizationSettings, scans } from '../../db/schema.ts';
import { notifyRealtime } from '../../realtime/notify.ts';
import type { ScanQueue } from '../scans/scans.queue.ts';
import type { Canary } from './canary.ts';
import { echoOnce } from './echo.queue.ts';
import type { IntegrationProbes } from './probes.ts';

export const JOB_WAIT_MS = 10_000;
const SOCKET_WAIT_MS = 5_000;

export type PlatformDeps = {
  db: Executor;
  pool: pg.Pool;
  app: FastifyInstance;
  jobs: Pick<ScanQueue, 'boss' | 'start'>;
  canary: () => Promise<Canary>;
  smtpUrl?: string;
  stripe?: StripeSettings;
  /** How long the job round trip waits for a worker (default JOB_WAIT_MS). */
  jobWaitMs?: number;
};

class Rollback extends Error {}

/** Authenticates a realtime socket as the canary and subscribes it to scan updates. */
export async function canarySocket(app: FastifyInstance, token: string, signal: AbortSignal) {
  const socket = await app.injectWS('/api/realtime');
  const messages: { type: string; table?: string; record?: { id?: string } }[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const next = async (test: (m: (typeof messages)[number]) => boolean, ms: number) => {
    for (const end = performance.now() + ms; performance.now() < end && !signal.aborted; ) {
      const found = messages.find(test);
      if (found) return found;
      await delay(10);
    }
    return undefined;
  };
  socket.send(JSON.stringify({ type: 'auth', access_token: token }));
  if (!(await next((m) => m.type === 'ready', SOCKET_WAIT_MS)))
    throw new Error('the socket never said ready');
  socket.send(JSON.stringify({ type: 'subscribe', channel: 'scan-updates' }));
  if (!(await next((m) => m.type === 'subscribed', SOCKET_WAIT_MS)))
    throw new Error('the socket never subscribed');
  return { next, close: () => socket.terminate() };
}

export function platformProbes(
  deps: PlatformDeps,
): Pick<
  IntegrationProbes,
  'database' | 'jobRoundTrip' | 'realtimeRoundTrip' | 'mail' | 'billing' | 'settingsBackupRestore'
> {
  const { db, app } = deps;
  return {
    async database() {
      const started = performance.now();
      const client = await deps.pool.connect();
      try {
        await client.query('select 1');
        const latencyMs = performance.now() - started;
        const applied = await appliedMigrationTime(client);
        const code = committedMigrations();
        const tagOf = (when: number | null) =>
          code.find((m) => m.when === when)?.tag ?? (when === null ? null : `unknown (${when})`);
        return {
          latencyMs,
          appliedMigration: tagOf(applied),
          codeMigration: code.at(-1)?.tag ?? 'none',
        };
      } finally {
        client.release();
      }
    },

    async jobRoundTrip(signal) {
      const wait = deps.jobWaitMs ?? JOB_WAIT_MS;
      const echo = await echoOnce(deps.jobs, wait, signal);
      return {
        delivered: echo.completed,
        ms: echo.roundTripMs,
        detail: echo.completed
          ? `completed by worker ${echo.worker}`
          : `job still ${echo.state} after ${wait} ms`,
      };
    },

    async realtimeRoundTrip(signal) {
      const canary = await deps.canary();
      const socket = await canarySocket(app, canary.accessToken, signal);
      try {
        const [row] = await db
          .insert(scans)
          .values({
            userId: canary.userId,
            organizationId: canary.organizationId,
            scanName: 'Self-test realtime probe',
            scanType: 'network',
            targetHosts: ['127.0.0.1'],
            status: 'cancelled',
          })
          .returning({ id: scans.id });
        if (!row) throw new Error('the probe scan row was not written');
        const started = performance.now();
        await notifyRealtime(db, {
          table: 'scans',
          event: 'INSERT',
          id: row.id,
          organization_id: canary.organizationId,
        });
        const got = await socket.next(
          (m) => m.type === 'event' && m.table === 'scans' && m.record?.id === row.id,
          SOCKET_WAIT_MS,
        );
        const ms = performance.now() - started;
        return {
          delivered: Boolean(got),
          ms,
          detail: got ? 'the socket received the scan row' : 'no message for the row',
        };
      } finally {
        socket.close();
      }
    },

    async mail() {
      if (deps.smtpUrl) {
        const transport = nodemailer.createTransport(deps.smtpUrl);
        try {
          await transport.verify();
          return {
            transport: 'smtp' as const,
            ok: true,
            detail: 'the SMTP server accepted the connection',
          };
        } catch (error) {
          return {
            transport: 'smtp' as const,
            ok: false,
            detail: error instanceof Error ? error.message : String(error),
          };
        } finally {
          transport.close();
        }
      }
      // Written and read back inside a transaction that is rolled back: nothing stays.
      let read = 0;
      await db
        .transaction(async (tx) => {
          const [row] = await tx
            .insert(mailOutbox)
            .values({
              to: 'probe@selftest.invalid',
              subject: 'Self-test',
              text: 'probe',
              link: null,
            })
            .returning({ id: mailOutbox.id });
          const back = row
            ? await tx
                .select({ id: mailOutbox.id })
                .from(mailOutbox)
                .where(eq(mailOutbox.id, row.id))
            : [];
          read = back.length;
          throw new Rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
      return {
        transport: 'outbox' as const,
        ok: read === 1,
        detail:
          read === 1
            ? 'an outbox row was written and read back (rolled back)'
            : 'the outbox row was not read back',
      };
    },

    async billing() {
      const payload = JSON.stringify({
        id: 'evt_selftest',
        object: 'event',
        type: 'selftest.ping',
        data: { object: {} },
      });
      const post = (signature: string) =>
        app.inject({
          method: 'POST',
          url: '/api/billing/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        });
      if (!deps.stripe) {
        // The local provider takes no webhooks: the route must not exist to accept forged events.
        const forged = await post('t=1,v1=forged');
        const [ready] = (await db.execute(sql`select count(*)::int as n from checkout_sessions`))
          .rows as { n: number }[];
        return {
          provider: 'local' as const,
          signedAccepted: ready !== undefined,
          forgedRefused: forged.statusCode === 404,
          detail: `the local provider answers; POST /api/billing/webhook with a forged signature got ${forged.statusCode}`,
        };
      }
      const header = (secret: string) =>
        Stripe.webhooks.generateTestHeaderString({ payload, secret });
      const signed = await post(header(deps.stripe.webhookSecret));
      const forged = await post(header('whsec_selftest_wrong_secret'));
      return {
        provider: 'stripe' as const,
        signedAccepted: signed.statusCode === 200,
        forgedRefused: forged.statusCode === 400,
        detail: `signed event: ${signed.statusCode}, forged: ${forged.statusCode}`,
      };
    },

    async settingsBackupRestore() {
      const canary = await deps.canary();
      const where = eq(organizationSettings.organizationId, canary.organizationId);
      const read = async () => {
        const [row] = await db.select().from(organizationSettings).where(where);
        if (!row) throw new Error('the canary organization has no settings row');
        return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
      };
      const backup = (
        await db.execute(
          sql`select row_to_json(s) as row from organization_settings s where organization_id = ${canary.organizationId}`,
        )
      ).rows[0] as { row: unknown };
      const before = await read();
      await db
        .update(organizationSettings)
        .set({
          maxConcurrentScans: before.maxConcurrentScans === 7 ? 8 : 7,
          scanTimeoutSeconds: 3_600,
        })
        .where(where);
      const changed = await read();
      await db.execute(sql`
        update organization_settings s set
          auto_scan_frequency = b.auto_scan_frequency, max_concurrent_scans = b.max_concurrent_scans,
          scan_timeout_seconds = b.scan_timeout_seconds, next_auto_scan_at = b.next_auto_scan_at,
          updated_at = b.updated_at
        from json_populate_record(null::organization_settings, ${JSON.stringify(backup.row)}::json) b
        where s.organization_id = b.organization_id and s.organization_id = ${canary.organizationId}`);
      const restored = await read();
      return { before, changed, restored };
    },
  };
}
