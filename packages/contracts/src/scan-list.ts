import { z } from 'zod';
import { SCAN_STATUSES, SCAN_TYPE_VALUES, ZScanListItem } from './scans.ts';
import { textField } from './text-field.ts';

export const SCAN_LIST_MESSAGES = {
  status: 'status must be one of pending, running, completed, failed, cancelled',
  scanType: 'scan_type must be one of network, port, vulnerability, comprehensive',
  search: 'Search must be at most 100 characters',
  date: (field: string) =>
    `${field} must be a date (YYYY-MM-DD) or a date and time (ISO 8601 with a time zone)`,
  dateOrder: 'from must not be after to',
  format: 'format must be csv or json',
} as const;

const M = SCAN_LIST_MESSAGES;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = z.iso.datetime({ offset: true });

/** An empty query parameter (`?status=`) counts as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A calendar day (UTC midnight) or an ISO 8601 instant; null when it is neither. */
function parseDateBound(text: string): { date: Date; day: boolean } | null {
  if (DATE_ONLY.test(text)) {
    const date = new Date(`${text}T00:00:00Z`);
    return date.toISOString().startsWith(text) ? { date, day: true } : null;
  }
  return DATE_TIME.safeParse(text).success ? { date: new Date(text), day: false } : null;
}

/**
 * A date bound: a day (UTC) or an instant. `from` is the day's start; `to` includes the whole
 * day, so it becomes the next day's start (bounds are `from <= created_at < to`).
 */
const dateBound = (field: 'from' | 'to') =>
  optional(
    textField({ error: M.date(field) }).transform((text, ctx) => {
      const bound = parseDateBound(text);
      if (!bound) {
        ctx.addIssue({ code: 'custom', message: M.date(field) });
        return z.NEVER;
      }
      if (field === 'to' && bound.day) bound.date.setUTCDate(bound.date.getUTCDate() + 1);
      return bound.date;
    }),
  );

/** Filters of the scan history, shared by the list and the export. */
const FILTERS = {
  status: optional(z.enum(SCAN_STATUSES, { error: M.status })),
  scan_type: optional(z.enum(SCAN_TYPE_VALUES, { error: M.scanType })),
  /** Part of the name or of a target, case-insensitive. */
  q: optional(textField().trim().max(100, M.search)),
  from: dateBound('from'),
  to: dateBound('to'),
};

const inOrder = (f: { from?: Date; to?: Date }) => !f.from || !f.to || f.from < f.to;

export const ZScanFilters = z.object(FILTERS).refine(inOrder, { message: M.dateOrder });
export type TScanFilters = z.infer<typeof ZScanFilters>;
/** The filters as the web writes them into the query string. */
export type TScanFiltersInput = z.input<typeof ZScanFilters>;

export const SCAN_PAGE_MAX = 100;

/** GET /api/scans: a page of the organization's scans, newest first. */
export const ZScanListQuery = z
  .object({
    ...FILTERS,
    limit: z.coerce.number().int().min(1).max(SCAN_PAGE_MAX).default(20),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .refine(inOrder, { message: M.dateOrder });
export type TScanListQuery = z.infer<typeof ZScanListQuery>;

export const ZScanList = z.object({ items: z.array(ZScanListItem), total: z.number().int() });
export type TScanList = z.infer<typeof ZScanList>;

export const SCAN_EXPORT_FORMATS = ['csv', 'json'] as const;

/** GET /api/scans/export: every scan matching the filters, as CSV or JSON. */
export const ZScanExportQuery = z
  .object({ ...FILTERS, format: z.enum(SCAN_EXPORT_FORMATS, { error: M.format }).default('csv') })
  .refine(inOrder, { message: M.dateOrder });
export type TScanExportFormat = (typeof SCAN_EXPORT_FORMATS)[number];

/** One scan's results in the formats other tools import: nmap XML and SARIF 2.1.0. */
export const SCAN_RESULT_FORMATS = ['nmap-xml', 'sarif'] as const;
export const ZScanResultExportQuery = z.object({
  format: z.enum(SCAN_RESULT_FORMATS, { error: 'format must be nmap-xml or sarif' }),
});
export type TScanResultFormat = (typeof SCAN_RESULT_FORMATS)[number];
