import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCidr } from '@netguard/contracts';
import { z } from 'zod';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every environment variable the server reads; README.md's configuration table documents the same list. */
export const CONFIG_VARS = [
  [
    'DATABASE_URL',
    '(unset)',
    'External PostgreSQL URL. Unset: an embedded PostgreSQL is started in `$NETGUARD_DATA_DIR/pg`.',
  ],
  ['PORT', '8080', 'HTTP port.'],
  ['HOST', '0.0.0.0', 'Address to listen on.'],
  [
    'PUBLIC_URL',
    'http://localhost:$PORT',
    'Public address of the app, used in email links. With https, cookies get `Secure`.',
  ],
  [
    'SMTP_URL',
    '(unset)',
    'nodemailer SMTP URL (`smtp://user:pass@host:587`). Unset: mail goes to the `mail_outbox` table and its link is logged.',
  ],
  ['MAIL_FROM', 'NetGuard <no-reply@localhost>', 'Sender of outgoing mail.'],
  [
    'NETGUARD_SECRET_KEY',
    '(unset)',
    'Key material for token signing and encryption. Unset: a random key is generated once in `$NETGUARD_DATA_DIR/secret.key` (mode 0600).',
  ],
  ['NETGUARD_DATA_DIR', './data', 'Folder for the embedded database and the generated key.'],
  ['LOG_LEVEL', 'info', 'pino log level: fatal, error, warn, info, debug, trace or silent.'],
  ['AUTH_RATE_LIMIT', '30', 'Maximum requests per minute per IP address to `/api/auth/*`.'],
  ['PGPORT', '54329', 'Port of the embedded PostgreSQL (a free one is picked when it is taken).'],
  ['WEB_DIST_DIR', 'apps/web/dist', 'Folder of the built web app served with SPA fallback.'],
  [
    'TRUST_PROXY',
    'false',
    'Set to `true` behind a reverse proxy so client IPs come from `X-Forwarded-For`.',
  ],
  [
    'SCAN_ALLOWED_RANGES',
    '(all)',
    'Comma-separated CIDRs scans may target. Unset: everything outside the denied ranges.',
  ],
  [
    'SCAN_DENIED_RANGES',
    '(none)',
    'Comma-separated CIDRs scans may never target, on top of cloud metadata, multicast and broadcast.',
  ],
  [
    'SCAN_TIMEOUT_SECONDS',
    '1800',
    'A scan still running after this long is failed, for organizations that have not set their own timeout in Settings.',
  ],
  [
    'MAX_CONCURRENT_SCANS',
    '3',
    'Running scans per organization (further started scans wait as pending), unless it set its own limit in Settings.',
  ],
  [
    'SCAN_CHUNK_STALE_SECONDS',
    '60',
    'A chunk whose worker sent no heartbeat for this long is handed to another worker.',
  ],
  ['WORKER_CONCURRENCY', '2', 'Scan chunks one worker process runs at a time.'],
] as const;

const ZCidrList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.string().refine(isCidr, 'must be comma-separated IPv4 CIDRs, e.g. 198.51.100.0/24')),
  );

const ZEnv = z.object({
  SCAN_ALLOWED_RANGES: ZCidrList.default([]),
  SCAN_DENIED_RANGES: ZCidrList.default([]),
  SCAN_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(604_800).default(1800),
  MAX_CONCURRENT_SCANS: z.coerce.number().int().min(1).max(1000).default(3),
  SCAN_CHUNK_STALE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  DATABASE_URL: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(1).default('NetGuard <no-reply@localhost>'),
  NETGUARD_SECRET_KEY: z
    .string()
    .min(16, 'NETGUARD_SECRET_KEY must be at least 16 characters')
    .optional(),
  NETGUARD_DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  PGPORT: z.coerce.number().int().min(1).max(65535).default(54329),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
});

export type AppConfig = {
  databaseUrl?: string;
  port: number;
  host: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  secretKey?: string;
  dataDir: string;
  logLevel: string;
  authRateLimit: number;
  pgPort: number;
  webDistDir: string;
  trustProxy: boolean;
  scans: ScanSettings;
};

export type ScanSettings = {
  allowedRanges: string[];
  deniedRanges: string[];
  timeoutSeconds: number;
  maxConcurrent: number;
  chunkStaleSeconds: number;
  workerConcurrency: number;
};

/** Parses the environment into the server configuration; throws a readable error on bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    databaseUrl: e.DATABASE_URL,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secretKey: e.NETGUARD_SECRET_KEY,
    dataDir: path.resolve(e.NETGUARD_DATA_DIR),
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    pgPort: e.PGPORT,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist')),
    trustProxy: e.TRUST_PROXY === 'true',
    scans: {
      allowedRanges: e.SCAN_ALLOWED_RANGES,
      deniedRanges: e.SCAN_DENIED_RANGES,
      timeoutSeconds: e.SCAN_TIMEOUT_SECONDS,
      maxConcurrent: e.MAX_CONCURRENT_SCANS,
      chunkStaleSeconds: e.SCAN_CHUNK_STALE_SECONDS,
      workerConcurrency: e.WORKER_CONCURRENCY,
    },
  };
}
