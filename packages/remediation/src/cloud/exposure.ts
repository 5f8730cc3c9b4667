// "Open to the internet" as the three providers' firewall checks judge it: a source meaning anyone,
// and port ranges covering the check's port (from the cloud catalogue) or every port.
import type { CheckMeta } from '@netguard/cloud';
import { RemediationError } from '../execution.ts';

export type PortRange = readonly [number, number];

const WORLD = new Set(['*', 'any', 'internet', '0.0.0.0/0', '::/0', '0.0.0.0']);

export const isWorldSource = (source: string | undefined | null) =>
  WORLD.has((source ?? '').trim().toLowerCase());

/** `*`, `22` or `20-25`, as Azure and GCP write ports. */
export function parsePortRange(text: string): PortRange | undefined {
  if (text.trim() === '*') return [0, 65535];
  const match = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(text);
  if (!match) return undefined;
  const from = Number(match[1]);
  return [from, match[2] ? Number(match[2]) : from];
}

/** Whether port ranges expose what `checkId` is about: its port, or (an `_all` check) every port. */
export function exposureTest(catalog: CheckMeta[], checkId: string) {
  const port = catalog.find((c) => c.id === checkId)?.exposedPorts?.[0];
  if (port !== undefined)
    return (ranges: PortRange[]) => ranges.some(([from, to]) => from <= port && port <= to);
  if (catalog.some((c) => c.id === checkId) && /_all(_ports)?$/.test(checkId))
    return (ranges: PortRange[]) => ranges.some(([from, to]) => from <= 1 && to >= 65535);
  throw new RemediationError('missing_parameter', `${checkId} is not a port exposure check`);
}
