const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * A byte count in B, KB, MB or GB, base 1024 as the spec says.
 * @example formatBytes(1536) // "1.5 KB"
 */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${Number(value.toFixed(digits))} ${SIZE_UNITS[unit]}`;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A capture time (epoch seconds) as local HH:MM:SS.mmm, the list's Time column. */
export function formatPacketTime(time: number): string {
  const date = new Date(time * 1000);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** A packets-per-second figure: whole numbers as they are, fractions with one decimal. */
export function formatRate(rate: number): string {
  if (!Number.isFinite(rate) || rate <= 0) return '0';
  return Number.isInteger(rate) ? String(rate) : rate < 0.1 ? '<0.1' : rate.toFixed(1);
}
