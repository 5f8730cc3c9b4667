const LONG_DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** The next billing date of a plan, or a dash when it has none (the Free plan). */
export function formatBillingDate(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : LONG_DATE.format(date);
}
