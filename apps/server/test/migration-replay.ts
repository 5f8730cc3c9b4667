import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { inject } from 'vitest';

const MIGRATIONS = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

export type MigrationReplay = {
  client: pg.Client;
  /** Applies the committed migrations up to (not including) index `upTo`, or all of them. */
  migrateTo: (upTo?: number) => Promise<void>;
  close: () => Promise<void>;
};

/** An empty database (not the migrated template) to replay the migrations on, step by step. */
export async function startMigrationReplay(): Promise<MigrationReplay> {
  const template = new URL(inject('templateDbUrl'));
  const name = `migrate_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.href.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  template.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: template.href });
  await client.connect();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'netguard-migrations-'));
  return {
    client,
    async migrateTo(upTo) {
      const journal = JSON.parse(
        await fs.readFile(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'),
      );
      const entries = upTo === undefined ? journal.entries : journal.entries.slice(0, upTo);
      await fs.mkdir(path.join(dir, 'meta'), { recursive: true });
      await fs.writeFile(
        path.join(dir, 'meta/_journal.json'),
        JSON.stringify({ ...journal, entries }),
      );
      for (const e of entries)
        await fs.copyFile(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
      await migrate(drizzle({ client }), { migrationsFolder: dir });
    },
    async close() {
      await client.end();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
