import { PUBLIC_ACCESS_CHECKS } from '@netguard/cloud';
import type { TCloudExposure } from '@netguard/contracts';
import type { AssessInput } from '@netguard/risk';

export type ReachFacts = {
  checkId: string;
  publicAddresses: string[];
  exposedPorts: number[];
  exposure: TCloudExposure;
  reachablePorts: number[];
};

const ports = (list: number[]) => list.join(', ');

/**
 * Where a cloud resource can be reached from, for its risk assessment. NetGuard's own probe
 * decides first: a port it reached makes it external, all ports refused make it internal. Else
 * the finding: public addresses, ports open to any source, or a check that reports public access
 * (PUBLIC_ACCESS_CHECKS) make it external; anything else is internal, reachable only from the
 * account's own networks or through the provider's API with credentials.
 */
export function reachabilityOf(f: ReachFacts): NonNullable<AssessInput['reachability']> {
  if (f.exposure === 'confirmed_reachable')
    return {
      level: 'external',
      reason: `NetGuard reached port ${ports(f.reachablePorts)} on its public address`,
    };
  if (f.exposure === 'not_reachable')
    return {
      level: 'internal',
      reason: `NetGuard's scan of its public address found port ${ports(f.exposedPorts)} closed`,
    };
  if (f.publicAddresses.length)
    return { level: 'external', reason: `Public address ${f.publicAddresses.join(', ')}` };
  if (f.exposedPorts.length)
    return { level: 'external', reason: `Port ${ports(f.exposedPorts)} open to any source` };
  if (PUBLIC_ACCESS_CHECKS.has(f.checkId))
    return { level: 'external', reason: `${f.checkId}: public access from the internet` };
  return {
    level: 'internal',
    reason: `${f.checkId}: no public address, open port or public access reported`,
  };
}
