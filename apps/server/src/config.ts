import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCidr, ZEmail } from '@netguard/contracts';
import { isRange } from '@netguard/egress';
import type { LlmSettings } from '@netguard/risk';
import { z } from 'zod';
import { ConfigError } from './config-error.ts';
import type { PasswordCost } from './lib/crypto.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every environment variable the server reads; docs/configuration.md's table documents the same list. */
export const CONFIG_VARS = [
  [
    'DATABASE_URL',
    '(unset)',
    'External PostgreSQL URL. Unset: an embedded PostgreSQL is started in `$NETGUARD_DATA_DIR/pg`.',
  ],
  [
    'DATABASE_APP_URL',
    '(derived)',
    'URL of the role that request handlers use, bound by row-level security (no superuser, no BYPASSRLS). Unset: NetGuard creates `netguard_app` with a password derived from the secret key (the DATABASE_URL user needs CREATEROLE).',
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
    'TWILIO_ACCOUNT_SID',
    '(unset)',
    'Twilio account SID. Set together with the other two `TWILIO_*` variables to send MFA codes by SMS; unset: SMS texts go to the `mail_outbox` table and the log.',
  ],
  ['TWILIO_AUTH_TOKEN', '(unset)', 'Twilio auth token of that account.'],
  ['TWILIO_FROM_NUMBER', '(unset)', 'Sender of the SMS codes: a Twilio number in E.164 form.'],
  [
    'NETGUARD_SECRET_KEY',
    '(unset)',
    'Key material for token signing and encryption. Unset: a random key is generated once in `$NETGUARD_DATA_DIR/secret.key` (mode 0600).',
  ],
  [
    'NETGUARD_DATA_DIR',
    './data',
    'Folder for the embedded database, the generated key and (without `STORAGE_URL`) the capture files.',
  ],
  [
    'STORAGE_URL',
    '(unset)',
    'Shared storage for capture files: `s3://bucket` or `s3://bucket/prefix` on S3 or an S3-compatible store. Unset: capture files stay in `$NETGUARD_DATA_DIR/captures` on the instance that received them.',
  ],
  [
    'STORAGE_ENDPOINT',
    '(AWS S3)',
    'Endpoint of an S3-compatible store (`http://127.0.0.1:9000`), addressed path-style. Unset: AWS S3 in `STORAGE_REGION`.',
  ],
  [
    'STORAGE_REGION',
    'us-east-1',
    'Region of the bucket (signing region of an S3-compatible store).',
  ],
  [
    'AWS_ACCESS_KEY_ID',
    '(SDK chain)',
    'Access key of the storage, with `AWS_SECRET_ACCESS_KEY` (and `AWS_SESSION_TOKEN` for temporary keys). Unset: the AWS SDK looks further (shared config files, web identity, instance roles).',
  ],
  ['AWS_SECRET_ACCESS_KEY', '(SDK chain)', 'Secret key that goes with `AWS_ACCESS_KEY_ID`.'],
  [
    'CLOUD_AWS_ENDPOINT',
    '(AWS)',
    'One endpoint for every AWS API of cloud posture scans (LocalStack, moto_server: `http://127.0.0.1:5000`). Unset: the public AWS endpoints of each region.',
  ],
  [
    'CLOUD_AZURE_AUTHORITY_HOST',
    'https://login.microsoftonline.com',
    'Microsoft Entra authority of Azure connections (another national cloud: `https://login.microsoftonline.us`).',
  ],
  [
    'CLOUD_AZURE_ARM_ENDPOINT',
    'https://management.azure.com',
    'Azure Resource Manager endpoint of Azure connections (`https://management.usgovcloudapi.net`).',
  ],
  [
    'CLOUD_GCP_API_ENDPOINT',
    '(Google)',
    "One root URL for every Google API of GCP connections. Unset: each API's own host (`compute.googleapis.com`, …); tokens come from the key file's `token_uri`.",
  ],
  ['LOG_LEVEL', 'info', 'pino log level: fatal, error, warn, info, debug, trace or silent.'],
  [
    'PASSWORD_HASH_MEMORY_KIB',
    '65536',
    'Memory of one argon2id password hash in KiB (64 MiB). With the time cost, about 100–170 ms a hash on a 2-core server: enough to slow guessing, little enough to sign in. Hashes made at a lower cost still verify (each hash records its parameters) and are rehashed at the account’s next sign-in.',
  ],
  ['PASSWORD_HASH_TIME_COST', '3', 'Passes of argon2id over that memory.'],
  [
    'PASSWORD_HASH_PARALLELISM',
    '1',
    'Lanes of argon2id (threads one hash uses); the memory must be at least 8 KiB per lane.',
  ],
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
    'Comma-separated CIDRs scans may target. Unset: everything outside the denied ranges. The egress policy (EGRESS_*) applies on top.',
  ],
  [
    'SCAN_DENIED_RANGES',
    '(none)',
    'Comma-separated CIDRs scans may never target, on top of the built-in deny list (cloud metadata and platform endpoints, 0.0.0.0/8, multicast and broadcast).',
  ],
  [
    'EGRESS_ALLOWED_RANGES',
    '(none)',
    "Comma-separated IPv4/IPv6 CIDRs on loopback or this host's own addresses that every organization may reach (scans, topology probes, SIEM receivers, identity providers, SSH hosts, cloud endpoints). Unset: only deployment operators reach them. The deployment's own ports stay out of reach either way.",
  ],
  [
    'EGRESS_DENIED_RANGES',
    '(none)',
    'Comma-separated IPv4/IPv6 CIDRs that no tenant-directed connection reaches, operators included, on top of the built-in deny list.',
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
  [
    'API_WORKERS',
    'on',
    '`off`: this API process runs no jobs (scans, reports, mail, feeds); `netguard worker` processes on the same database run them. For several API instances beside separate workers.',
  ],
  [
    'STRIPE_SECRET_KEY',
    '(unset)',
    'Stripe secret key. Set together with the five other `STRIPE_*` variables to take payments with Stripe; unset: the built-in local provider activates plans with no payment.',
  ],
  [
    'STRIPE_WEBHOOK_SECRET',
    '(unset)',
    'Signing secret (`whsec_…`) of the Stripe webhook endpoint `$PUBLIC_URL/api/billing/webhook`.',
  ],
  ['STRIPE_PRICE_PROFESSIONAL', '(unset)', 'Stripe price id of the Professional plan.'],
  ['STRIPE_PRICE_ENTERPRISE', '(unset)', 'Stripe price id of the Enterprise plan.'],
  ['STRIPE_PRODUCT_PROFESSIONAL', '(unset)', 'Stripe product id that gives the Professional tier.'],
  ['STRIPE_PRODUCT_ENTERPRISE', '(unset)', 'Stripe product id that gives the Enterprise tier.'],
  [
    'NETGUARD_OPERATORS',
    '(none)',
    'Comma-separated emails of the deployment operators, on top of those added with `netguard operators add`. Only operators may capture live.',
  ],
  [
    'PACKET_CAPTURE',
    'on',
    'Set to `off` to turn live packet capture off for everyone; capture files can still be opened. With `on`, only deployment operators may capture.',
  ],
  [
    'PACKET_CAPTURE_INTERFACES',
    '(all)',
    'Comma-separated network interfaces live capture may use (e.g. `lo,eth0`). Unset: every interface tcpdump lists.',
  ],
  [
    'TCPDUMP_PATH',
    'tcpdump',
    'The tcpdump program live capture runs (a name on PATH or a full path).',
  ],
  [
    'NETGUARD_OFFLINE',
    '0',
    'Set to `1` on air-gapped sites: the server fetches no feeds; operators upload them in Settings → Feeds.',
  ],
  [
    'EVIDENCE_TSA_URL',
    '(unset)',
    'http(s) URL of an RFC 3161 time-stamping authority. Set: every exported evidence package carries its token over manifest.json (`manifest.tsr`), requested through the egress policy (as a deployment operator); when the TSA fails the export still succeeds and says why the timestamp is missing. Unset: packages carry none.',
  ],
  [
    'SSO_DNS_RESOLVERS',
    '(system)',
    'Comma-separated DNS servers (`ip` or `ip:port`, IPv6 as `[addr]:port`) that look up the TXT records proving SSO domains. Unset: the system resolvers; with `NETGUARD_OFFLINE=1` and unset, domain checks answer that lookups are off.',
  ],
  [
    'SSO_DOMAIN_RECHECK_HOURS',
    '24',
    'Hours between the periodic checks of verified SSO domains; a domain whose record is missing or changed at 2 checks in a row goes back to unverified.',
  ],
  [
    'NETGUARD_FEEDS_INTERVAL_HOURS',
    '24',
    'Hours between scheduled feed imports (NVD, KEV, EPSS, Vulnrichment, OSV); `0` turns the schedule off.',
  ],
  ['NVD_API_KEY', '(unset)', 'NVD API key: sent as `apiKey`, it lifts NVD’s rate limit.'],
  [
    'NETGUARD_FEED_NVD_URL',
    'https://services.nvd.nist.gov/rest/json/cves/2.0',
    'NVD CVE API 2.0 endpoint; pages are asked per product CPE (`virtualMatchString`).',
  ],
  [
    'NETGUARD_FEED_KEV_URL',
    'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json',
    'CISA KEV catalog JSON.',
  ],
  [
    'NETGUARD_FEED_EPSS_URL',
    'https://epss.empiricalsecurity.com/epss_scores-current.csv.gz',
    'FIRST EPSS scores CSV (gzip or plain).',
  ],
  [
    'NETGUARD_FEED_VULNRICHMENT_URL',
    'https://raw.githubusercontent.com/cisagov/vulnrichment/develop',
    'Root of the CISA Vulnrichment records (`<year>/<n>xxx/<CVE>.json`); only CVEs NetGuard holds are fetched.',
  ],
  [
    'NETGUARD_FEED_OSV_URL',
    'https://osv-vulnerabilities.storage.googleapis.com',
    'Root of the OSV ecosystem exports (`<ecosystem>/all.zip`).',
  ],
  [
    'NETGUARD_FEED_OSV_ECOSYSTEMS',
    'Debian,Ubuntu,Alpine,AlmaLinux,Rocky Linux,Red Hat',
    'Comma-separated OSV ecosystems imported.',
  ],
  [
    'LLM_BASE_URL',
    '(unset)',
    'Base URL of an OpenAI-compatible chat-completions API (e.g. `http://127.0.0.1:11434/v1`). Set with `LLM_MODEL` to add a narrative paragraph to risk assessments; unset: no narrative.',
  ],
  ['LLM_MODEL', '(unset)', 'Model name sent to that API.'],
  ['LLM_API_KEY', '(unset)', 'Bearer key for that API, if it needs one.'],
  [
    'METRICS_TOKEN',
    '(unset)',
    'Bearer token (16+ characters) that Prometheus sends to read `/metrics`. Unset: `/metrics` answers 404.',
  ],
  [
    'METRICS_PORT',
    '9464',
    'Port on which a `worker` process (which has no API) serves `/metrics` when `METRICS_TOKEN` is set.',
  ],
] as const;

/** A comma-separated setting read as a list of trimmed, non-empty entries that each pass `item`. */
function commaList(item: z.ZodType<string, string>) {
  return z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));
}

const ZCidrList = commaList(
  z.string().refine(isCidr, 'must be comma-separated IPv4 CIDRs, e.g. 198.51.100.0/24'),
);

const ZRangeList = commaList(
  z.string().refine(isRange, 'must be comma-separated IPv4 or IPv6 CIDRs, e.g. 198.51.100.0/24'),
);

/** A DNS server: an IPv4 address with an optional port, or an IPv6 one (`[addr]:port` with a port). */
const isDnsServer = (entry: string) => {
  const v6 = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i.exec(entry);
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3})(?::(\d{1,5}))?$/.exec(entry);
  const [address, port] = v6 ? [v6[1], v6[2]] : v4 ? [v4[1], v4[2]] : [entry, undefined];
  const family = isIP(address ?? '');
  if (family === 0 || (family === 4 && !v4)) return false;
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
};

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http or https URL' });

const ZEnv = z.object({
  SCAN_ALLOWED_RANGES: ZCidrList.default([]),
  SCAN_DENIED_RANGES: ZCidrList.default([]),
  EGRESS_ALLOWED_RANGES: ZRangeList.default([]),
  EGRESS_DENIED_RANGES: ZRangeList.default([]),
  SCAN_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(604_800).default(1800),
  MAX_CONCURRENT_SCANS: z.coerce.number().int().min(1).max(1000).default(3),
  SCAN_CHUNK_STALE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  API_WORKERS: z.enum(['on', 'off']).default('on'),
  DATABASE_URL: z.string().min(1).optional(),
  /** The role request handlers use (no BYPASSRLS); by default NetGuard makes netguard_app. */
  DATABASE_APP_URL: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  EVIDENCE_TSA_URL: httpUrl.optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(1).default('NetGuard <no-reply@localhost>'),
  TWILIO_ACCOUNT_SID: z.string().max(64).optional(),
  TWILIO_AUTH_TOKEN: z.string().max(128).optional(),
  TWILIO_FROM_NUMBER: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, e.g. +14155550123')
    .optional(),
  NETGUARD_SECRET_KEY: z
    .string()
    .min(16, 'NETGUARD_SECRET_KEY must be at least 16 characters')
    .optional(),
  NETGUARD_DATA_DIR: z.string().min(1).default('./data'),
  STORAGE_URL: z.string().max(1100).optional(),
  STORAGE_ENDPOINT: httpUrl.optional(),
  STORAGE_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name, e.g. us-east-1')
    .default('us-east-1'),
  AWS_ACCESS_KEY_ID: z.string().max(256).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().max(256).optional(),
  AWS_SESSION_TOKEN: z.string().max(4096).optional(),
  CLOUD_AWS_ENDPOINT: httpUrl.optional(),
  CLOUD_AZURE_AUTHORITY_HOST: httpUrl.optional(),
  CLOUD_AZURE_ARM_ENDPOINT: httpUrl.optional(),
  CLOUD_GCP_API_ENDPOINT: httpUrl.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  // argon2's own floors: 8 KiB per lane, one pass; 4 GiB and 16 lanes are past any sane server.
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(65_536),
  PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).max(100).default(3),
  PASSWORD_HASH_PARALLELISM: z.coerce.number().int().min(1).max(16).default(1),
  PGPORT: z.coerce.number().int().min(1).max(65535).default(54329),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  STRIPE_SECRET_KEY: z.string().max(255).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().max(255).optional(),
  STRIPE_PRICE_PROFESSIONAL: z.string().max(255).optional(),
  STRIPE_PRICE_ENTERPRISE: z.string().max(255).optional(),
  STRIPE_PRODUCT_PROFESSIONAL: z.string().max(255).optional(),
  STRIPE_PRODUCT_ENTERPRISE: z.string().max(255).optional(),
  NETGUARD_OPERATORS: commaList(ZEmail).default([]),
  PACKET_CAPTURE: z.enum(['on', 'off']).default('on'),
  PACKET_CAPTURE_INTERFACES: commaList(
    z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9._:@-]+$/, 'must be comma-separated interface names, e.g. lo,eth0'),
  ).optional(),
  TCPDUMP_PATH: z.string().min(1).max(4096).default('tcpdump'),
  NETGUARD_OFFLINE: z.enum(['0', '1'], { message: 'must be 0 or 1' }).default('0'),
  NETGUARD_FEEDS_INTERVAL_HOURS: z.coerce.number().min(0).max(8760).default(24),
  SSO_DNS_RESOLVERS: commaList(
    z.string().refine(isDnsServer, 'must be comma-separated DNS servers, e.g. 192.0.2.53:53'),
  ).optional(),
  SSO_DOMAIN_RECHECK_HOURS: z.coerce.number().min(0.01).max(8760).default(24),
  NVD_API_KEY: z.string().max(200).optional(),
  NETGUARD_FEED_NVD_URL: z.url().default('https://services.nvd.nist.gov/rest/json/cves/2.0'),
  NETGUARD_FEED_KEV_URL: z
    .url()
    .default('https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json'),
  NETGUARD_FEED_EPSS_URL: z
    .url()
    .default('https://epss.empiricalsecurity.com/epss_scores-current.csv.gz'),
  NETGUARD_FEED_VULNRICHMENT_URL: z
    .url()
    .default('https://raw.githubusercontent.com/cisagov/vulnrichment/develop'),
  NETGUARD_FEED_OSV_URL: z.url().default('https://osv-vulnerabilities.storage.googleapis.com'),
  NETGUARD_FEED_OSV_ECOSYSTEMS: commaList(z.string().max(60)).default([
    'Debian',
    'Ubuntu',
    'Alpine',
    'AlmaLinux',
    'Rocky Linux',
    'Red Hat',
  ]),
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().max(100).optional(),
  LLM_API_KEY: z.string().max(500).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters')
    .max(200)
    .optional(),
});

const STRIPE_VARS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_PROFESSIONAL',
  'STRIPE_PRICE_ENTERPRISE',
  'STRIPE_PRODUCT_PROFESSIONAL',
  'STRIPE_PRODUCT_ENTERPRISE',
] as const;

/** Stripe takes payments only when all six variables are set; a partial set is a mistake. */
function parseStripe(e: z.infer<typeof ZEnv>): StripeSettings | undefined {
  const missing = STRIPE_VARS.filter((name) => !e[name]);
  if (missing.length === STRIPE_VARS.length) return undefined;
  if (missing.length > 0) {
    throw new ConfigError([`Stripe also needs ${missing.join(', ')}`]);
  }
  const v = e as Record<(typeof STRIPE_VARS)[number], string>;
  return {
    secretKey: v.STRIPE_SECRET_KEY,
    webhookSecret: v.STRIPE_WEBHOOK_SECRET,
    prices: { Professional: v.STRIPE_PRICE_PROFESSIONAL, Enterprise: v.STRIPE_PRICE_ENTERPRISE },
    products: {
      Professional: v.STRIPE_PRODUCT_PROFESSIONAL,
      Enterprise: v.STRIPE_PRODUCT_ENTERPRISE,
    },
  };
}

/** The risk narrative's language model: off unless the base URL and the model are both set. */
function parseLlm(e: z.infer<typeof ZEnv>): LlmSettings | undefined {
  if (!e.LLM_BASE_URL && !e.LLM_MODEL) return undefined;
  if (!e.LLM_BASE_URL || !e.LLM_MODEL)
    throw new ConfigError(['LLM_BASE_URL and LLM_MODEL go together']);
  return { baseUrl: e.LLM_BASE_URL, model: e.LLM_MODEL, apiKey: e.LLM_API_KEY };
}

/** SMS goes through Twilio only when all three variables are set; a partial set is a mistake. */
function parseTwilio(e: z.infer<typeof ZEnv>): TwilioSettings | undefined {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken } = e;
  const fromNumber = e.TWILIO_FROM_NUMBER;
  if (!accountSid && !authToken && !fromNumber) return undefined;
  if (!accountSid || !authToken || !fromNumber) {
    throw new ConfigError([
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER go together',
    ]);
  }
  return { accountSid, authToken, fromNumber };
}

/** S3 bucket names: 3–63 lowercase letters, digits, dots and hyphens, starting and ending alphanumeric. */
const withoutSlash = (url: string | undefined) => url?.replace(/\/+$/, '');

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** A key prefix segment: not `.` or `..`, no control characters, at most 255 characters. */
const prefixSegmentOk = (segment: string) =>
  segment !== '.' &&
  segment !== '..' &&
  segment.length <= 255 &&
  [...segment].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f);

/** STORAGE_URL and its companions; undefined keeps capture files on local disk. */
function parseStorage(e: z.infer<typeof ZEnv>): StorageSettings | undefined {
  const url = e.STORAGE_URL;
  if (!url) {
    if (e.STORAGE_ENDPOINT)
      throw new ConfigError(['STORAGE_ENDPOINT needs STORAGE_URL (s3://bucket)']);
    return undefined;
  }
  const bad = (why: string) =>
    new ConfigError([`STORAGE_URL must be s3://bucket or s3://bucket/prefix (${why}): ${url}`]);
  const match = /^s3:\/\/([^/]*)(?:\/(.*))?$/.exec(url);
  if (!match) throw bad('only s3:// is supported');
  const bucket = match[1] as string;
  if (!BUCKET.test(bucket) || bucket.includes('..'))
    throw bad(`"${bucket}" is not an S3 bucket name`);
  const segments = (match[2] ?? '').split('/').filter(Boolean);
  if (!segments.every(prefixSegmentOk))
    throw bad(
      'the prefix has a "." or ".." segment, a control character or a segment over 255 characters',
    );
  if (!!e.AWS_ACCESS_KEY_ID !== !!e.AWS_SECRET_ACCESS_KEY)
    throw new ConfigError(['AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together']);
  return {
    bucket,
    prefix: segments.map((s) => `${s}/`).join(''),
    endpoint: withoutSlash(e.STORAGE_ENDPOINT),
    region: e.STORAGE_REGION,
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            sessionToken: e.AWS_SESSION_TOKEN,
          }
        : undefined,
  };
}

export type AppConfig = {
  databaseUrl?: string;
  /** DATABASE_APP_URL: the row-level-security-bound role's URL, when the operator made it. */
  databaseAppUrl?: string;
  port: number;
  host: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Set when Twilio is configured; otherwise SMS texts go to the outbox and the log. */
  twilio?: TwilioSettings;
  secretKey?: string;
  dataDir: string;
  /** STORAGE_URL: capture files on an S3 bucket; unset, under `dataDir` on this machine. */
  storage?: StorageSettings;
  logLevel: string;
  authRateLimit: number;
  /** PASSWORD_HASH_*: the argon2id cost of new password hashes. */
  passwordCost: PasswordCost;
  pgPort: number;
  webDistDir: string;
  trustProxy: boolean;
  scans: ScanSettings;
  /** EGRESS_*: where connections a tenant chooses may go, beyond the built-in deny list. */
  egress: { allowedRanges: string[]; deniedRanges: string[] };
  /** Set when Stripe is configured; otherwise the built-in local billing provider is used. */
  stripe?: StripeSettings;
  packetCapture: PacketCaptureSettings;
  /** Emails of the deployment operators named in the environment (NETGUARD_OPERATORS). */
  operators: string[];
  feeds: FeedSettings;
  /** Set when a language model writes risk narratives (LLM_*); otherwise none is written. */
  llm?: LlmSettings;
  /** METRICS_TOKEN: the bearer token that reads /metrics; unset, /metrics is off. */
  metricsToken?: string;
  /** METRICS_PORT: where a worker-only process serves /metrics. */
  metricsPort: number;
  /** API_WORKERS: whether the API process also runs the job workers. */
  apiWorkers: boolean;
  /** CLOUD_*: where cloud posture scans reach each provider; unset, its public endpoints. */
  cloudEndpoints: CloudEndpoints;
  /** EVIDENCE_TSA_URL: the RFC 3161 authority that stamps exported evidence packages. */
  evidenceTsaUrl?: string;
  /** How SSO domain ownership is looked up (SSO_DNS_RESOLVERS) and re-checked. */
  ssoDns: SsoDnsSettings;
};

/** The DNS lookups that prove SSO domains. */
export type SsoDnsSettings = {
  /** DNS servers to ask (`ip[:port]`); undefined: the system's. */
  resolvers?: string[];
  /** NETGUARD_OFFLINE=1: without `resolvers`, no lookup is made. */
  offline: boolean;
  /** Hours between the checks of a verified domain. */
  recheckHours: number;
};

export type CloudEndpoints = {
  aws?: string;
  azureAuthority?: string;
  azureArm?: string;
  gcpApi?: string;
};

/** Where and how often the server fetches threat-intelligence feeds. */
export type FeedSettings = {
  /** NETGUARD_OFFLINE=1: nothing is fetched; feeds come by upload only. */
  offline: boolean;
  /** Hours between scheduled imports; null: the schedule is off (offline or 0). */
  intervalHours: number | null;
  urls: { nvd: string; kev: string; epss: string; vulnrichment: string; osv: string };
  osvEcosystems: string[];
  nvdApiKey?: string;
};

export type PacketCaptureSettings = {
  /** False when the deployment turned live capture off (PACKET_CAPTURE=off). */
  enabled: boolean;
  /** Interfaces live capture may use; null means every interface tcpdump lists. */
  interfaces: string[] | null;
  tcpdumpPath: string;
};

/** An S3 bucket (or an S3-compatible store's) that holds the capture files of every instance. */
export type StorageSettings = {
  bucket: string;
  /** Key prefix ending in `/`, or empty: keys are `<prefix>captures/<organization id>/<id>.cap`. */
  prefix: string;
  /** An S3-compatible endpoint, addressed path-style; undefined: AWS S3. */
  endpoint?: string;
  region: string;
  /** From AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; undefined: the SDK's default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
};

export type TwilioSettings = { accountSid: string; authToken: string; fromNumber: string };

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  prices: { Professional: string; Enterprise: string };
  products: { Professional: string; Enterprise: string };
};

export type ScanSettings = {
  allowedRanges: string[];
  deniedRanges: string[];
  timeoutSeconds: number;
  maxConcurrent: number;
  chunkStaleSeconds: number;
  workerConcurrency: number;
};

/** One line per bad variable; a message that already names the variable is not prefixed again. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const name = issue.path.join('.');
  return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
}

/** Parses the environment into the server configuration; throws a ConfigError on bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map(describeIssue));
  }
  const e = parsed.data;
  if (e.PASSWORD_HASH_MEMORY_KIB < 8 * e.PASSWORD_HASH_PARALLELISM)
    throw new ConfigError([
      'PASSWORD_HASH_MEMORY_KIB must be at least 8 per lane of PASSWORD_HASH_PARALLELISM',
    ]);
  return {
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_APP_URL,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    evidenceTsaUrl: e.EVIDENCE_TSA_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    twilio: parseTwilio(e),
    secretKey: e.NETGUARD_SECRET_KEY,
    dataDir: path.resolve(e.NETGUARD_DATA_DIR),
    storage: parseStorage(e),
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    passwordCost: {
      memoryKib: e.PASSWORD_HASH_MEMORY_KIB,
      timeCost: e.PASSWORD_HASH_TIME_COST,
      parallelism: e.PASSWORD_HASH_PARALLELISM,
    },
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
    egress: { allowedRanges: e.EGRESS_ALLOWED_RANGES, deniedRanges: e.EGRESS_DENIED_RANGES },
    stripe: parseStripe(e),
    packetCapture: {
      enabled: e.PACKET_CAPTURE === 'on',
      interfaces: e.PACKET_CAPTURE_INTERFACES?.length ? e.PACKET_CAPTURE_INTERFACES : null,
      tcpdumpPath: e.TCPDUMP_PATH,
    },
    operators: e.NETGUARD_OPERATORS,
    feeds: {
      offline: e.NETGUARD_OFFLINE === '1',
      intervalHours:
        e.NETGUARD_OFFLINE === '1' || e.NETGUARD_FEEDS_INTERVAL_HOURS === 0
          ? null
          : e.NETGUARD_FEEDS_INTERVAL_HOURS,
      urls: {
        nvd: e.NETGUARD_FEED_NVD_URL,
        kev: e.NETGUARD_FEED_KEV_URL,
        epss: e.NETGUARD_FEED_EPSS_URL,
        vulnrichment: e.NETGUARD_FEED_VULNRICHMENT_URL,
        osv: e.NETGUARD_FEED_OSV_URL,
      },
      osvEcosystems: e.NETGUARD_FEED_OSV_ECOSYSTEMS,
      nvdApiKey: e.NVD_API_KEY,
    },
    llm: parseLlm(e),
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    apiWorkers: e.API_WORKERS === 'on',
    ssoDns: {
      resolvers: e.SSO_DNS_RESOLVERS?.length ? e.SSO_DNS_RESOLVERS : undefined,
      offline: e.NETGUARD_OFFLINE === '1',
      recheckHours: e.SSO_DOMAIN_RECHECK_HOURS,
    },
    cloudEndpoints: {
      aws: withoutSlash(e.CLOUD_AWS_ENDPOINT),
      azureAuthority: withoutSlash(e.CLOUD_AZURE_AUTHORITY_HOST),
      azureArm: withoutSlash(e.CLOUD_AZURE_ARM_ENDPOINT),
      gcpApi: withoutSlash(e.CLOUD_GCP_API_ENDPOINT),
    },
  };
}
