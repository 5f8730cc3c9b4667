import { SSO_TEXT, ZSsoDomain } from '@netguard/contracts';
import { backupCommand, precheckRestore, restoreCommand } from './backup-command.ts';
import { migrateDatabase, type OpenedDatabase, openDatabase } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { exitOnConfigError } from './config-error.ts';
import { createDatabase } from './db/client.ts';
import { createLogger } from './lib/logger.ts';
import { formatChainReport, verifySecurityEvents } from './modules/audit/security-events.ts';
import { findUserByEmail, listUsers, markEmailConfirmed } from './modules/auth/users.repo.ts';
import { formatLedgerReport, verifyEvidenceLedgers } from './modules/evidence/evidence.verify.ts';
import {
  listDeploymentOperators,
  setDeploymentOperator,
} from './modules/operators/operators.repo.ts';
import { releaseSsoDomain } from './modules/sso/sso.domains.ts';
import { startServer } from './serve.ts';
import { SIEM_USAGE, siemSendSample, siemTest } from './siem-command.ts';
import { runWorkerCommand } from './worker-command.ts';

const USAGE = `Usage: netguard [command]

Commands:
  serve                     Start the server and scan workers (default)
  worker                    Start scan workers only (scale-out against the same DATABASE_URL)
  migrate                   Apply database migrations
  users list                List accounts
  users confirm <email>     Mark an account's email as confirmed
  operators list            List the deployment operators (only they may capture live)
  operators add <email>     Make an account a deployment operator
  operators remove <email>  Make an account no longer a deployment operator
  sso release-domain <domain>
                            Release an SSO domain an organization verified, so that another
                            organization may verify it (the holder gets a security event)
  events verify [--organization <uuid>]
                            Check the security event log's hash chains (exit 1 if one is broken)
  evidence verify [--organization <uuid>]
                            Check the compliance evidence ledger's hash chains and signed digests
                            (names the first broken link; exit 1 if a chain or digest is broken)
  backup [--output FILE]    Write the database to a file: a NetGuard logical dump in plain SQL
                            (COPY data, gzip when FILE ends in .gz), not pg_dump's format; the
                            embedded PostgreSQL ships no pg_dump. Default FILE:
                            $NETGUARD_DATA_DIR/backups/netguard-<time>.sql.gz
  restore FILE [--force]    Load a backup into a new, empty database in one transaction (the
                            schema from NetGuard's migrations); --force replaces a database that
                            already holds accounts. Stop the server first
${SIEM_USAGE}`;

type Command = (url: string, args: string[]) => Promise<number>;

const commands: Record<string, Command> = {
  async migrate(url) {
    await migrateDatabase(url);
    console.log('Migrations applied');
    return 0;
  },
  async 'users list'(url) {
    const database = createDatabase(url, { max: 1 });
    try {
      const rows = await listUsers(database.db);
      if (rows.length === 0) console.log('No accounts yet');
      for (const row of rows) {
        const state = row.confirmedAt ? 'confirmed' : 'unconfirmed';
        console.log(`${row.email}\t${state}\t${row.createdAt.toISOString()}`);
      }
      return 0;
    } finally {
      await database.close();
    }
  },
  async 'users confirm'(url, [email]) {
    if (!email) {
      console.error('Usage: netguard users confirm <email>');
      return 2;
    }
    const database = createDatabase(url, { max: 1 });
    try {
      const user = await findUserByEmail(database.db, email.trim());
      if (!user) {
        console.error(`No account with email ${email}`);
        return 1;
      }
      await markEmailConfirmed(database.db, user.id);
      console.log(`Confirmed ${user.email}`);
      return 0;
    } finally {
      await database.close();
    }
  },
  async 'operators list'(url) {
    const database = createDatabase(url, { max: 1 });
    try {
      const stored = await listDeploymentOperators(database.db);
      const named = loadConfig().operators.filter((email) => !stored.includes(email));
      if (stored.length + named.length === 0) console.log('No deployment operators yet');
      for (const email of stored) console.log(email);
      for (const email of named) console.log(`${email}\t(NETGUARD_OPERATORS)`);
      return 0;
    } finally {
      await database.close();
    }
  },
  async 'events verify'(url, args) {
    const organizationId = organizationOption(args);
    if (organizationId === undefined) {
      console.error('Usage: netguard events verify [--organization <uuid>]');
      return 2;
    }
    const database = createDatabase(url, { max: 1 });
    try {
      const report = await verifySecurityEvents(
        database.db,
        organizationId ? { organizationId } : {},
      );
      if (report.chains.length === 0) console.log('No chained security events');
      for (const chain of report.chains) console.log(formatChainReport(chain));
      if (report.unchained > 0) {
        console.log(`${report.unchained} events from before the chain started (not verified)`);
      }
      return report.ok ? 0 : 1;
    } finally {
      await database.close();
    }
  },
  async 'evidence verify'(url, args) {
    const organizationId = organizationOption(args);
    if (organizationId === undefined) {
      console.error('Usage: netguard evidence verify [--organization <uuid>]');
      return 2;
    }
    const database = createDatabase(url, { max: 1 });
    try {
      const result = await verifyEvidenceLedgers(
        database.db,
        organizationId ? { organizationId } : {},
      );
      if (result.reports.length === 0) console.log('No evidence ledger rows');
      for (const report of result.reports) console.log(formatLedgerReport(report));
      return result.ok ? 0 : 1;
    } finally {
      await database.close();
    }
  },
  backup: backupCommand,
  restore: restoreCommand,
  'siem test': siemTest,
  async 'sso release-domain'(url, [domain]) {
    const parsed = ZSsoDomain.safeParse(domain ?? '');
    if (!parsed.success) {
      console.error('Usage: netguard sso release-domain <domain>');
      return 2;
    }
    const database = createDatabase(url, { max: 1 });
    try {
      const organization = await releaseSsoDomain(database.db, parsed.data);
      if (!organization) {
        console.error(`No organization holds ${parsed.data} verified`);
        return 1;
      }
      console.log(
        `${SSO_TEXT.domainReleased(parsed.data)} (was ${organization.name}, ${organization.id})`,
      );
      return 0;
    } finally {
      await database.close();
    }
  },
  'operators add': (url, args) => markOperator(url, args, true),
  'operators remove': (url, args) => markOperator(url, args, false),
};

/** `operators add|remove <email>`: an account becomes, or stops being, a deployment operator. */
async function markOperator(url: string, [email]: string[], operator: boolean): Promise<number> {
  const verb = operator ? 'add' : 'remove';
  if (!email) {
    console.error(`Usage: netguard operators ${verb} <email>`);
    return 2;
  }
  const database = createDatabase(url, { max: 1 });
  try {
    if (!(await setDeploymentOperator(database.db, email, operator))) {
      console.error(`No account with email ${email}`);
      return 1;
    }
    const address = email.trim().toLowerCase();
    console.log(
      operator
        ? `${address} is a deployment operator`
        : `${address} is no longer a deployment operator`,
    );
    if (!operator && loadConfig().operators.includes(address)) {
      console.log(`${address} is still named in NETGUARD_OPERATORS`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `--organization <uuid>` (or `--organization=<uuid>`): the uuid, null when absent, undefined when bad. */
function organizationOption(args: string[]): string | null | undefined {
  const rest = args.filter((arg) => arg !== '');
  if (rest.length === 0) return null;
  const [flag, value] = rest[0]?.startsWith('--organization=')
    ? ['--organization', rest[0].slice('--organization='.length)]
    : rest;
  const expected = rest[0]?.includes('=') ? 1 : 2;
  if (flag !== '--organization' || !value || rest.length !== expected || !UUID.test(value))
    return undefined;
  return value.toLowerCase();
}

/**
 * Commands that run without migrating first: a backup records the level the database is at,
 * and a restore migrates to the backup's level itself.
 */
const UNMIGRATED = new Set(['migrate', 'backup', 'restore']);

/** Commands of two words: `users confirm`, `operators add`... */
const GROUPS = new Set(['users', 'operators', 'events', 'evidence', 'siem', 'sso']);

async function run(argv: string[]): Promise<number> {
  const [first = 'serve', second, ...rest] = argv;
  if (first === 'serve') {
    await startServer();
    return -1;
  }
  if (first === 'worker') {
    await runWorkerCommand();
    return -1;
  }
  if (first === 'help' || first === '--help' || first === '-h') {
    console.log(USAGE);
    return 0;
  }
  // No database: it talks to the SIEM only.
  if (first === 'siem' && second === 'send-sample') return siemSendSample(rest);
  const grouped = GROUPS.has(first);
  const name = grouped ? `${first} ${second ?? ''}` : first;
  const command = commands[name];
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const args = grouped ? rest : [second ?? '', ...rest];
  if (name === 'restore') {
    const refused = await precheckRestore(args);
    if (refused !== null) return refused;
  }
  const config = loadConfig();
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  let database: OpenedDatabase | undefined;
  try {
    database = await openDatabase(config, log);
    if (!UNMIGRATED.has(name)) await migrateDatabase(database.url);
    return await command(database.url, args);
  } finally {
    await database?.stop();
  }
}

const code = await exitOnConfigError(() => run(process.argv.slice(2)));
if (code >= 0) process.exit(code);
