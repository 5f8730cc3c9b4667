// The network a test's senders use: the egress policy with the test file's own loopback block
// allowed (its receivers listen there), for a tenant unless the test asks for an operator.
import { createEgressPolicy, type Lookup, type Network, networkFor } from '@netguard/egress';
import { testResources } from '../../../../scripts/testing/current.ts';

export type TestNetworkOptions = {
  operator?: boolean;
  /** EGRESS_ALLOWED_RANGES of the policy; default the test file's block. */
  allowed?: string[];
  lookup?: Lookup;
};

export function testNetwork(options: TestNetworkOptions = {}): Network {
  const policy = createEgressPolicy({ allowed: options.allowed ?? [testResources().block] });
  return networkFor(
    policy,
    { operator: options.operator ?? false },
    options.lookup ? { lookup: options.lookup } : {},
  );
}
