import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { E2E_DATA_DIR, E2E_PGPORT } from '../playwright.config.ts';

/** A connection to the e2e server's embedded PostgreSQL, for seeding volumes a UI cannot make. */
export async function connectE2eDatabase(): Promise<pg.Client> {
  const password = readFileSync(path.join(E2E_DATA_DIR, 'pg-password'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: E2E_PGPORT,
    user: 'postgres',
    password,
    database: 'netguard',
  });
  await client.connect();
  return client;
}

/** Puts `email` on the Professional plan for 30 days, as a completed checkout would. */
export async function subscribeInDatabase(email: string): Promise<void> {
  const db = await connectE2eDatabase();
  try {
    await db.query(
      `update subscriptions set subscribed = true, product_id = 'prod_netguard_professional',
         subscription_end = now() + interval '30 days'
       where user_id = (select id from users where email = $1)`,
      [email],
    );
  } finally {
    await db.end();
  }
}
