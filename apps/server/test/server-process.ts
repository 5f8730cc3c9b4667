import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { testResources } from '../../../scripts/testing/current.ts';
import { findFreePort } from '../src/lib/net.ts';
import { PASSWORD, TEST_PASSWORD_COST } from './helpers.ts';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  base: string;
  /** Everything the server printed (stdout and stderr). */
  output: () => string;
  /** Null while the process runs. */
  exitCode: () => number | string | null;
  /** SIGTERM (the server stops its embedded PostgreSQL), SIGKILL after 20 s. */
  stop: () => Promise<void>;
};

/**
 * The compiled server (dist/main.js) as `npm start` runs it, ready once it says so: on 127.0.0.1
 * at a port the kernel chose, and so is the embedded PostgreSQL it starts without DATABASE_URL
 * (unless `env` names PGPORT), never the fixed default port another test file could hold.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await findFreePort();
  const pgPort = await findFreePort();
  const child = spawn(process.execPath, ['--enable-source-maps', MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGPORT: String(pgPort),
      LOG_LEVEL: 'warn',
      NETGUARD_SECRET_KEY: 'test-secret-key-for-netguard-tests',
      ...TEST_PASSWORD_COST,
      WEB_DIST_DIR: '/nonexistent/netguard-web-dist',
      // Tests reach loopback only: no scheduled feed fetches from the public feed URLs.
      NETGUARD_OFFLINE: '1',
      // The file's own loopback block: tenants may reach (and scan) it, as in createTestApp.
      EGRESS_ALLOWED_RANGES: testResources().block,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: number | string | null = null;
  child.stdout?.on('data', (data: Buffer) => {
    output += String(data);
  });
  child.stderr?.on('data', (data: Buffer) => {
    output += String(data);
  });
  child.once('exit', (code, signal) => {
    exit = code ?? signal ?? 'unknown';
  });
  const deadline = Date.now() + 60_000;
  while (!output.includes('is ready at')) {
    if (exit !== null || Date.now() > deadline)
      throw new Error(`server did not start (exit ${exit}):\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    exitCode: () => exit,
    async stop() {
      if (exit !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The postmaster pid of a cluster folder, from line 1 of its postmaster.pid. */
export function postmasterPid(pgDir: string): number {
  return Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** Signs up, confirms (link from the outbox table) and signs in over HTTP; the bearer header. */
export async function accountOver(base: string, databaseUrl: string, email: string) {
  const post = (url: string, body: object) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/sign-up', { email, password: PASSWORD });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ link: string }>(
      'select link from mail_outbox where "to" = $1 and link is not null',
      [email],
    );
    const token = new URL(rows[0]?.link ?? '').searchParams.get('confirm');
    await post('/api/auth/confirm', { token });
  } finally {
    await client.end();
  }
  const session = (await (
    await post('/api/auth/sign-in', { email, password: PASSWORD })
  ).json()) as {
    access_token: string;
  };
  return { authorization: `Bearer ${session.access_token}` };
}
