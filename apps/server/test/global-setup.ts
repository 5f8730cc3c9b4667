import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../src/bootstrap.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the migrated template database; test files clone it. */
    templateDbUrl: string;
  }
}

export const TEMPLATE_DB = 'netguard_template';

/** Starts one embedded PostgreSQL for the whole run, with a migrated template database. */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'netguard-test-pg-'));
  // The cluster runs as the `postgres` system user when tests run as root: it must reach the dir.
  await fs.chmod(dir, 0o755);
  const handle = await startEmbeddedPostgres({ dataDir: dir, port: 0, database: TEMPLATE_DB });
  await migrateDatabase(handle.url);
  project.provide('templateDbUrl', handle.url);
  return async () => {
    await handle.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
