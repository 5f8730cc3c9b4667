import { describe, expect, it } from 'vitest';
import { type ReachFacts, reachabilityOf } from './cloud.reach.ts';

const facts = (over: Partial<ReachFacts> = {}): ReachFacts => ({
  checkId: 'azure_storage_shared_key',
  publicAddresses: [],
  exposedPorts: [],
  exposure: 'unchecked',
  reachablePorts: [],
  ...over,
});

describe('reachabilityOf', () => {
  it.each([
    [
      'a port NetGuard reached',
      facts({ exposure: 'confirmed_reachable', reachablePorts: [22] }),
      'external',
    ],
    [
      'every claimed port refused',
      facts({ exposure: 'not_reachable', publicAddresses: ['198.51.100.7'], exposedPorts: [22] }),
      'internal',
    ],
    ['a public address', facts({ publicAddresses: ['198.51.100.7'] }), 'external'],
    [
      'a port open to any source',
      facts({ exposedPorts: [3389], exposure: 'filtered' }),
      'external',
    ],
    ['a public-access check', facts({ checkId: 'aws_s3_bucket_policy_public' }), 'external'],
    ['none of these', facts(), 'internal'],
  ])('%s -> %s', (_, input, level) => {
    expect(reachabilityOf(input).level).toBe(level);
  });

  it('says why', () => {
    expect(reachabilityOf(facts({ exposedPorts: [22, 3389] })).reason).toBe(
      'Port 22, 3389 open to any source',
    );
    expect(reachabilityOf(facts()).reason).toContain(
      'no public address, open port or public access',
    );
  });
});
