import {
  boolean,
  date,
  doublePrecision,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, tstz } from './columns.ts';

// Threat intelligence is the deployment's, shared by every organization: advisories, KEV, EPSS,
// SSVC enrichment, and the record of each import that brought them.

export const FEED_SOURCES = ['nvd', 'kev', 'epss', 'vulnrichment', 'osv'] as const;
export const feedSourceEnum = pgEnum('feed_source', FEED_SOURCES);
export const FEED_IMPORT_STATUSES = ['running', 'succeeded', 'partial', 'failed'] as const;
export const feedImportStatusEnum = pgEnum('feed_import_status', FEED_IMPORT_STATUSES);
export const FEED_TRIGGERS = ['schedule', 'upload', 'cli'] as const;
export const feedTriggerEnum = pgEnum('feed_trigger', FEED_TRIGGERS);

/** Counts of one import: records read, stored, skipped (not ours / invalid). */
export type FeedCounts = { records: number; imported: number; skipped: number };

/** One run of a feed import: what came in, from where, and how it went. */
export const feedImports = pgTable(
  'feed_imports',
  {
    id: id(),
    source: feedSourceEnum('source').notNull(),
    /** URL fetched, or "upload: <file name>". */
    origin: text('origin').notNull(),
    trigger: feedTriggerEnum('trigger').notNull(),
    status: feedImportStatusEnum('status').notNull().default('running'),
    /** The feed's own version: KEV catalogVersion, EPSS model_version, NVD API version... */
    feedVersion: text('feed_version'),
    /** The feed's own date: KEV dateReleased, EPSS score_date, NVD timestamp. */
    catalogDate: tstz('catalog_date'),
    sha256: text('sha256'),
    bytes: doublePrecision('bytes'),
    counts: jsonb('counts').$type<FeedCounts>(),
    /** The first problems met, in words. */
    errors: text('errors').array().notNull().default([]),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('feed_imports_source_started_idx').on(t.source, t.startedAt)],
);

const importRef = () =>
  uuid('feed_import_id').references(() => feedImports.id, { onDelete: 'set null' });

/** An imported advisory (NVD or OSV) in the engine's advisory format; bundled ones stay in code. */
export const advisories = pgTable(
  'advisories',
  {
    /** The engine advisory id: "<product>/<CVE>" or the OSV id. */
    id: text('id').primaryKey(),
    product: text('product').notNull(),
    cveId: text('cve_id'),
    source: feedSourceEnum('source').notNull(),
    /** The advisory as the engine reads it (engine schema ZAdvisory). */
    data: jsonb('data').notNull(),
    feedImportId: importRef(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('advisories_product_idx').on(t.product), index('advisories_cve_idx').on(t.cveId)],
);

/** CISA Known Exploited Vulnerabilities catalog entries. */
export const kevEntries = pgTable('kev_entries', {
  cveId: text('cve_id').primaryKey(),
  dateAdded: date('date_added'),
  dueDate: date('due_date'),
  requiredAction: text('required_action'),
  ransomware: boolean('ransomware'),
  feedImportId: importRef(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** FIRST EPSS scores by CVE and score date: the latest row is current, the rest is history. */
export const epssScores = pgTable(
  'epss_scores',
  {
    cveId: text('cve_id').notNull(),
    scoreDate: date('score_date').notNull(),
    score: doublePrecision('score').notNull(),
    percentile: doublePrecision('percentile').notNull(),
    /** The CSV's `#model_version` comment, as written there. */
    modelVersion: text('model_version'),
    feedImportId: importRef(),
  },
  (t) => [primaryKey({ columns: [t.cveId, t.scoreDate] })],
);

/** CISA Vulnrichment SSVC decision points by CVE. */
export const ssvcEntries = pgTable('ssvc_entries', {
  cveId: text('cve_id').primaryKey(),
  exploitation: text('exploitation'),
  automatable: text('automatable'),
  technicalImpact: text('technical_impact'),
  /** The timestamp CISA gave the SSVC entry. */
  assessedAt: tstz('assessed_at'),
  feedImportId: importRef(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** A distribution release's fix (or not-affected verdict) for a CVE in one product, from OSV. */
export const distroFixes = pgTable(
  'distro_fixes',
  {
    cveId: text('cve_id').notNull(),
    /** Engine product key ("openssh"). */
    product: text('product').notNull(),
    distro: text('distro').notNull(),
    release: text('release').notNull(),
    /** Source package name in that distribution. */
    package: text('package').notNull(),
    fixed: text('fixed'),
    notAffected: boolean('not_affected').notNull().default(false),
    feedImportId: importRef(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cveId, t.product, t.distro, t.release, t.package] })],
);
