import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { SerialClient } from './serial-client.ts';

export type Schema = typeof schema;
/** The database handle or a transaction: what every repo function takes. */
export type Executor = PgDatabase<NodePgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: ReturnType<typeof drizzle<Schema>>;
  pool: pg.Pool;
  close: () => Promise<void>;
};

/** Opens a connection pool and a Drizzle handle over it. */
export function createDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    Client: SerialClient,
    connectionString: url,
    max: options.max ?? 10,
    // Also how long a request waits for a free connection in a burst: queueing, not an outage
    // (an unreachable server refuses at once and answers 503 then).
    connectionTimeoutMillis: 15_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzle({ client: pool, schema });
  return { db, pool, close: () => pool.end() };
}
