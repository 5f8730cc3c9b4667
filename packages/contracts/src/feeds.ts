import { z } from 'zod';
import { textField } from './text-field.ts';

/** Threat-intelligence feeds the server imports (Settings → Feeds). */
export const FEED_SOURCE_VALUES = ['nvd', 'kev', 'epss', 'vulnrichment', 'osv'] as const;
export type TFeedSource = (typeof FEED_SOURCE_VALUES)[number];
export const FEED_LABELS: Record<TFeedSource, string> = {
  nvd: 'NVD CVE API 2.0',
  kev: 'CISA Known Exploited Vulnerabilities',
  epss: 'FIRST EPSS',
  vulnrichment: 'CISA Vulnrichment (SSVC)',
  osv: 'OSV distribution advisories',
};
/** Largest feed file an upload accepts, in bytes. */
export const FEED_UPLOAD_MAX_BYTES = 256 * 1024 * 1024;

/** One import run as the Feeds card shows it. */
export const ZFeedImport = z.object({
  id: z.uuid(),
  source: z.enum(FEED_SOURCE_VALUES),
  origin: z.string(),
  trigger: z.enum(['schedule', 'upload', 'cli']),
  status: z.enum(['running', 'succeeded', 'partial', 'failed']),
  feed_version: z.string().nullable(),
  catalog_date: z.string().nullable(),
  sha256: z.string().nullable(),
  bytes: z.number().nullable(),
  counts: z.object({ records: z.number(), imported: z.number(), skipped: z.number() }).nullable(),
  errors: z.array(z.string()),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TFeedImport = z.infer<typeof ZFeedImport>;

/** GET /api/feeds: each source's latest import and the schedule. */
export const ZFeedStatus = z.object({
  offline: z.boolean(),
  /** Hours between scheduled imports; null when the schedule is off. */
  interval_hours: z.number().nullable(),
  next_run_at: z.string().nullable(),
  can_upload: z.boolean(),
  sources: z.array(
    z.object({
      source: z.enum(FEED_SOURCE_VALUES),
      label: z.string(),
      url: z.string().nullable(),
      latest: ZFeedImport.nullable(),
      last_success: ZFeedImport.nullable(),
      /** Rows held now (advisories, KEV entries, CVEs with EPSS, SSVC entries). */
      rows: z.number().int(),
    }),
  ),
});
export type TFeedStatus = z.infer<typeof ZFeedStatus>;
export const ZFeedSourceParams = z.object({
  source: z.enum(FEED_SOURCE_VALUES, {
    message: `Feed must be one of ${FEED_SOURCE_VALUES.join(', ')}`,
  }),
});
/** POST /api/feeds/:source/upload?name=: the file's name when it is sent as the raw body. */
export const ZFeedUploadQuery = z.object({
  name: textField().trim().min(1).max(200, 'File name must be at most 200 characters').optional(),
});
