import { TOP_TCP_PORTS } from './top-ports.ts';

/** The n most frequently open TCP ports (n from 1 to 65535; past 1000 the rest follow in order). */
export function topPorts(n: number): number[] {
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    throw new Error(`Top ports must be between 1 and 65535, got "${n}"`);
  }
  if (n <= TOP_TCP_PORTS.length) return TOP_TCP_PORTS.slice(0, n);
  const seen = new Set(TOP_TCP_PORTS);
  const rest: number[] = [];
  for (let p = 1; p <= 65535 && seen.size + rest.length < n; p++) if (!seen.has(p)) rest.push(p);
  return [...TOP_TCP_PORTS, ...rest];
}

/**
 * The engine's port grammar, shared by the scan form, the API and the engine:
 * `top<n>`, `all`, or ports and ranges separated by commas.
 * Parses a port specification into a de-duplicated list, in the order given.
 * @example parsePorts('top100') ; parsePorts('1-1024,3306') ; parsePorts('all') // 1..65535
 */
export function parsePorts(spec: string): number[] {
  const text = spec.trim().toLowerCase();
  const top = /^top(\d+)$/.exec(text);
  if (top) return topPorts(Number(top[1]));
  if (text === 'all' || text === '-' || text === '1-65535') return range(1, 65535);
  const seen = new Set<number>();
  const out: number[] = [];
  for (const part of text.split(',')) {
    const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(part.trim());
    const start = Number(match?.[1]);
    const end = match?.[2] === undefined ? start : Number(match[2]);
    if (!match || start < 1 || end > 65535 || start > end) {
      throw new Error(`Invalid port specification "${part.trim()}" in "${spec}"`);
    }
    for (let p = start; p <= end; p++) {
      if (!seen.has(p)) {
        seen.add(p);
        out.push(p);
      }
    }
  }
  return out;
}

/**
 * Why a port specification is refused (the engine's message, quoting the bad part), or null.
 * @example portSpecError('22,80') // null ; portSpecError('22,http') // 'Invalid port specification "http" in "22,http"'
 */
export function portSpecError(spec: string): string | null {
  try {
    parsePorts(spec);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Writes ports as nmap does in its scaninfo: sorted, runs joined into ranges.
 * @example formatPorts([443, 80, 81, 82, 22]) // '22,80-82,443'
 */
export function formatPorts(ports: readonly number[]): string {
  const sorted = [...new Set(ports)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    while (sorted[i + 1] === sorted[i]! + 1) i++;
    parts.push(sorted[i] === start ? String(start) : `${start}-${sorted[i]}`);
  }
  return parts.join(',');
}

function range(start: number, end: number): number[] {
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
