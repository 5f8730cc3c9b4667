const PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 200 → "3h 20m", 45 → "45m", 120 → "2h", 0 → "0m". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/** The server's rate (0-100) as "87.5%"; "—" before any execution finished (null). */
export function formatSuccessRate(rate: number | null): string {
  return rate === null ? '—' : `${PERCENT.format(rate)}%`;
}
