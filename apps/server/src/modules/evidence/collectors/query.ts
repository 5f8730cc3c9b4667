// Raw reads for collectors: one SQL statement, rows as plain objects.
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';

export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

export async function one<T>(db: Executor, query: SQL): Promise<T> {
  const [row] = await rows<T>(db, query);
  if (!row) throw new Error('the query returned no row');
  return row;
}

/** A count from the database (bigint as text) as a number. */
export const n = (value: unknown) => Number(value ?? 0);
