import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from './config.ts';
import { backupDatabase } from './db/dump.ts';
import { DumpError, keyFingerprint } from './db/dump-format.ts';
import { checkBackupFile, restoreDatabase } from './db/restore.ts';
import { existingSecretKey } from './lib/secret-key.ts';

const BACKUP_USAGE = 'Usage: netguard backup [--output FILE]';
const RESTORE_USAGE = 'Usage: netguard restore FILE [--force]';

/** `netguard backup [--output FILE]`: a logical dump of the database, its path, size and counts. */
export async function backupCommand(url: string, args: string[]): Promise<number> {
  const rest = args.filter((arg) => arg !== '');
  let output: string | undefined;
  if (rest.length === 1 && rest[0]?.startsWith('--output=')) output = rest[0].slice(9);
  else if (rest.length === 2 && rest[0] === '--output') output = rest[1];
  else if (rest.length > 0) output = '';
  if (output === '') {
    console.error(BACKUP_USAGE);
    return 2;
  }
  const config = loadConfig();
  const file = path.resolve(output ?? (await defaultBackupFile(config.dataDir)));
  const secret = existingSecretKey(config.secretKey, config.dataDir);
  try {
    const result = await backupDatabase(url, file, {
      gzip: file.endsWith('.gz'),
      keyFingerprint: secret ? keyFingerprint(secret) : null,
    });
    console.log(
      `Backup written to ${result.file} (${result.bytes} bytes${result.gzip ? ', gzip' : ''})`,
    );
    console.log(
      `Migration level ${result.level.tag}: ${result.tables.length} tables, ${result.rows} rows, ${result.sequences} sequences in ${seconds(result.ms)}`,
    );
    for (const { table, rows } of result.tables) if (rows > 0) console.log(`  ${table}\t${rows}`);
    if (secret)
      console.log(
        `The secret key is not in the file: keep ${config.secretKey ? 'NETGUARD_SECRET_KEY' : path.join(config.dataDir, 'secret.key')} with it (MFA authenticator secrets depend on it).`,
      );
    return 0;
  } catch (error) {
    return failed('Backup failed', error);
  }
}

function restoreArgs(args: string[]): { file: string; force: boolean } | null {
  const rest = args.filter((arg) => arg !== '');
  const files = rest.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) return null;
  return { file: path.resolve(files[0]!), force: rest.includes('--force') };
}

/**
 * Checked before a database is opened, so that a mistyped name does not start (or create) the
 * embedded PostgreSQL: the arguments, and a file this NetGuard can restore. Null when fine.
 */
export async function precheckRestore(args: string[]): Promise<number | null> {
  const parsed = restoreArgs(args);
  if (!parsed) {
    console.error(RESTORE_USAGE);
    return 2;
  }
  try {
    await checkBackupFile(parsed.file);
    return null;
  } catch (error) {
    return failed('Restore failed, nothing was changed', error);
  }
}

/** `netguard restore FILE [--force]`: loads a backup into a new, empty database. */
export async function restoreCommand(url: string, args: string[]): Promise<number> {
  const parsed = restoreArgs(args);
  if (!parsed) {
    console.error(RESTORE_USAGE);
    return 2;
  }
  const { file, force } = parsed;
  const config = loadConfig();
  try {
    const result = await restoreDatabase(url, file, { force });
    const { header } = result;
    console.log(
      `Restored ${file} (taken ${header.takenAt} by NetGuard ${header.version} at migration ${header.level.tag})`,
    );
    console.log(
      `${result.tables.length} tables, ${result.rows} rows, ${result.sequences} sequences in ${seconds(result.ms)}${result.replaced ? '; what the database held before was replaced (--force)' : ''}`,
    );
    console.log(`The database is at migration ${result.migratedTo.tag}`);
    const secret = existingSecretKey(config.secretKey, config.dataDir);
    if (header.keyFingerprint && (!secret || keyFingerprint(secret) !== header.keyFingerprint)) {
      console.error(
        secret
          ? 'Warning: the backup was taken under another secret key than this one. Passwords still work, but MFA authenticator secrets and backup codes sealed under the old key will not: set NETGUARD_SECRET_KEY to the old key, or copy the old secret.key into the data dir, before starting the server.'
          : `Warning: there is no secret key here yet. Copy the old secret.key to ${path.join(config.dataDir, 'secret.key')} (or set NETGUARD_SECRET_KEY) before starting the server, or MFA authenticator secrets and backup codes will not work.`,
      );
    }
    return 0;
  } catch (error) {
    return failed('Restore failed, nothing was changed', error);
  }
}

async function defaultBackupFile(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'backups');
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return path.join(dir, `netguard-${stamp}.sql.gz`);
}

/** A refused or damaged file, or the database's own error: one line, exit 1. */
function failed(what: string, error: unknown): number {
  if (error instanceof DumpError) {
    console.error(`${what}: ${error.message}`);
    return 1;
  }
  if (error instanceof pg.DatabaseError) {
    console.error(
      `${what}: PostgreSQL said: ${error.message}${error.where ? ` (${error.where})` : ''}`,
    );
    return 1;
  }
  throw error;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
