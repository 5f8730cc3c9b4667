import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Metrics } from './metrics.ts';

type Row = Record<string, unknown>;

async function rows(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = await db.execute(query);
  return result.rows as Row[];
}

/**
 * Gauges read from the database at each scrape, so every API instance reports the same figures
 * whichever worker did the work: scans by status, the job queues, the mail outbox.
 */
export function addDatabaseGauges(metrics: Metrics, db: Executor): void {
  metrics.addScrapedGauge({
    name: 'netguard_scans',
    help: 'Scans of every organization by status.',
    labelNames: ['status'],
    read: async () =>
      (
        await rows(db, sql`select status::text as status, count(*)::int as n from scans group by 1`)
      ).map((r) => ({ labels: { status: String(r.status) }, value: Number(r.n) })),
  });
  metrics.addScrapedGauge({
    name: 'netguard_job_queue_jobs',
    help: 'Jobs of each queue that wait (created, retry) or run (active).',
    labelNames: ['queue', 'state'],
    read: async () =>
      (
        await rows(
          db,
          sql`select name, state::text as state, count(*)::int as n from pgboss.job
               where state in ('created', 'retry', 'active') group by 1, 2`,
        )
      ).map((r) => ({
        labels: { queue: String(r.name), state: String(r.state) },
        value: Number(r.n),
      })),
  });
  metrics.addScrapedGauge({
    name: 'netguard_job_queue_oldest_waiting_seconds',
    help: 'Age of the oldest job of each queue that waits for a worker.',
    labelNames: ['queue'],
    read: async () =>
      (
        await rows(
          db,
          sql`select name, extract(epoch from now() - min(created_on))::float8 as age
                from pgboss.job where state in ('created', 'retry') group by 1`,
        )
      ).map((r) => ({ labels: { queue: String(r.name) }, value: Number(r.age) })),
  });
  metrics.addScrapedGauge({
    name: 'netguard_mail_outbox_unsent',
    help: 'Mail outbox messages not delivered over SMTP (without SMTP_URL every message stays unsent and is only logged).',
    read: async () => {
      const [r] = await rows(
        db,
        sql`select count(*)::int as n from mail_outbox where sent_at is null`,
      );
      return [{ value: Number(r?.n ?? 0) }];
    },
  });
}
