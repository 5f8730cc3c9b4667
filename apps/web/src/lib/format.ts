const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp as a short local date and time, or the input when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

const NUMBER = new Intl.NumberFormat('en-US');

/** 12345 → "12,345". */
export const formatCount = (value: number): string => NUMBER.format(value);
