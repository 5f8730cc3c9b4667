import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_PRODUCT_IDS, type TPaidTier } from '@netguard/contracts';
import pg from 'pg';
import { E2E_DATA_DIR, E2E_PGPORT } from '../playwright.config.ts';

/** A connection to the e2e server's embedded PostgreSQL, for seeding volumes a UI cannot make. */
export async function connectE2eDatabase(): Promise<pg.Client> {
  const client = new pg.Client(e2eDatabaseUrl());
  await client.connect();
  return client;
}

function e2eDatabaseUrl(): string {
  const password = readFileSync(path.join(E2E_DATA_DIR, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${E2E_PGPORT}/netguard`;
}

/** Runs the operator's command line (`npm run netguard -- <args>`) against the e2e server's database. */
export function runNetguardCli(...args: string[]): string {
  return execFileSync(process.execPath, ['apps/server/dist/cli.js', ...args], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

/** Puts `email` on a paid plan (Professional by default) for 30 days, as a completed checkout would. */
export async function subscribeInDatabase(
  email: string,
  tier: TPaidTier = 'Professional',
): Promise<void> {
  const db = await connectE2eDatabase();
  try {
    await db.query(
      `update subscriptions set subscribed = true, product_id = $2,
         subscription_end = now() + interval '30 days'
       where user_id = (select id from users where email = $1)`,
      [email, DEFAULT_PRODUCT_IDS[tier]],
    );
  } finally {
    await db.end();
  }
}

/** Gives `email` another role in its organization, as an admin's role change would. */
export async function setRoleInDatabase(email: string, role: string): Promise<void> {
  const db = await connectE2eDatabase();
  try {
    await db.query(
      `update user_roles set role = $2 where user_id = (select id from users where email = $1)`,
      [email, role],
    );
  } finally {
    await db.end();
  }
}
