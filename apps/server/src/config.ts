import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
] as const;

const ZEnv = z.object({
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
  };
}
