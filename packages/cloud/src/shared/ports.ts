// Internet exposure of ports, shared by the providers whose firewalls are lists of prioritised
// allow/deny rules (Azure NSGs, GCP VPC firewalls). Each provider turns its rules into IngressRule
// values; the verdict (which allow rules really let the internet in) is computed here once.
import type { Severity } from '../types.ts';

/** Services whose exposure to the internet is a finding of its own; titles are filled from here. */
export const EXPOSED_SERVICES = [
  { key: 'ssh', name: 'SSH', port: 22, severity: 'high' },
  { key: 'rdp', name: 'RDP', port: 3389, severity: 'high' },
  { key: 'mssql', name: 'SQL Server', port: 1433, severity: 'critical' },
  { key: 'mysql', name: 'MySQL', port: 3306, severity: 'critical' },
  { key: 'postgres', name: 'PostgreSQL', port: 5432, severity: 'critical' },
  { key: 'redis', name: 'Redis', port: 6379, severity: 'critical' },
  { key: 'mongodb', name: 'MongoDB', port: 27017, severity: 'critical' },
] as const satisfies readonly { key: string; name: string; port: number; severity: Severity }[];

export type ExposedService = (typeof EXPOSED_SERVICES)[number];

export type PortRange = readonly [number, number];
export const ALL_PORTS: PortRange = [0, 65535];

/** Source ranges that mean "anyone on the internet". */
const WORLD_SOURCES = new Set(['*', 'any', 'internet', '0.0.0.0/0', '::/0', '0.0.0.0']);

export const isWorldSource = (source: string) => WORLD_SOURCES.has(source.trim().toLowerCase());

/** Reads `*`, `22` or `20-25` (both providers write port ranges this way). */
export function parsePortRange(text: string): PortRange | undefined {
  if (text.trim() === '*') return ALL_PORTS;
  const match = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(text);
  if (!match) return undefined;
  const from = Number(match[1]);
  return [from, match[2] ? Number(match[2]) : from];
}

/** A TCP ingress rule whose source is the whole internet. */
export type IngressRule = {
  name: string;
  /** The resource a finding names: the NSG holding the rule, or the GCP firewall rule itself. */
  resourceId: string;
  region: string;
  /** Public addresses of the machines the rule lets the internet reach. */
  addresses: string[];
  /** Lower numbers win, as in both providers. */
  priority: number;
  allow: boolean;
  ranges: PortRange[];
  /** Applies to every target the firewall protects (no tag or service-account filter). */
  appliesToAll: boolean;
};

const covers = (rule: IngressRule, port: number) =>
  rule.ranges.some(([from, to]) => from <= port && port <= to);

const coversAll = (rule: IngressRule) =>
  rule.ranges.some(([from, to]) => from <= ALL_PORTS[0] && to >= ALL_PORTS[1]);

const shadowedBy = (rule: IngressRule, denies: IngressRule[], test: (d: IngressRule) => boolean) =>
  denies.some((deny) => deny.appliesToAll && deny.priority < rule.priority && test(deny));

/** The allow rules that let the internet reach `port`, less those a stronger deny overrides. */
export function rulesOpening(rules: IngressRule[], port: number): IngressRule[] {
  const denies = rules.filter((r) => !r.allow);
  return rules.filter(
    (r) => r.allow && covers(r, port) && !shadowedBy(r, denies, (d) => covers(d, port)),
  );
}

/** The allow rules that open every port to the internet, less those a full deny overrides. */
export function rulesOpeningAll(rules: IngressRule[]): IngressRule[] {
  const denies = rules.filter((r) => !r.allow);
  return rules.filter((r) => r.allow && coversAll(r) && !shadowedBy(r, denies, coversAll));
}
