import type { z } from 'zod';

/** Feeds hold up to a few hundred thousand records: report this many bad ones, count the rest. */
export const MAX_ERRORS = 100;

/** "record 7 (CVE-2024-1): cveID: Invalid string" for a record a feed parser skipped. */
export function recordError(
  index: number,
  item: unknown,
  idField: string,
  error: z.ZodError | Error | string,
): string {
  const id = (item as Record<string, unknown> | null)?.[idField];
  const label = typeof id === 'string' ? ` (${id.slice(0, 80)})` : '';
  const reason =
    typeof error === 'string'
      ? error
      : 'issues' in error && error.issues.length
        ? `${error.issues[0]!.path.join('.') || '(record)'}: ${error.issues[0]!.message}`
        : error.message;
  return `record ${index + 1}${label}: ${reason}`;
}

/** Appends a line unless the list is full. */
export function pushError(errors: string[], line: string): void {
  if (errors.length < MAX_ERRORS) errors.push(line);
}
