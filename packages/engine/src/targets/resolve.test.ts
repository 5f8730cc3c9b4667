import { describe, expect, it } from 'vitest';
import { planTargets, type Refusal } from './plan.ts';
import { resolveHostname, streamTargets } from './resolve.ts';
import { createScope } from './scope.ts';

async function collect(input: string, allow?: string[]) {
  const scope = createScope({ allow });
  const refused: Refusal[] = [];
  const targets = [];
  for await (const t of streamTargets(planTargets(input, scope), scope, (r) => refused.push(r))) {
    targets.push(t);
  }
  return { targets, refused };
}

describe('streamTargets', () => {
  it('resolves localhost with the system resolver', async () => {
    expect(await resolveHostname('localhost')).toContain('127.0.0.1');
    const { targets } = await collect('localhost');
    expect(targets).toEqual([{ ip: '127.0.0.1', hostname: 'localhost' }]);
  });

  it('skips a hostname whose address is already a target', async () => {
    const { targets } = await collect('127.0.0.1, localhost');
    expect(targets).toEqual([{ ip: '127.0.0.1' }]);
  });

  it('refuses a hostname that resolves outside the allowed ranges', async () => {
    const { targets, refused } = await collect('localhost', ['192.0.2.0/24']);
    expect(targets).toEqual([]);
    expect(refused[0]!.reason).toMatch(/^localhost \(127\.0\.0\.1\): .*out of scope/);
  });

  it('refuses names that resolve to cloud metadata addresses, with the range and reason', async () => {
    const scope = createScope();
    const names: Record<string, string> = {
      'metadata.google.internal': '169.254.169.254',
      'metadata.alibaba.test': '100.100.100.200',
      'wireserver.azure.test': '168.63.129.16',
    };
    const refused: Refusal[] = [];
    const plan = planTargets(Object.keys(names), scope);
    const resolver = async (name: string) => [names[name]!];
    for await (const t of streamTargets(plan, scope, (r) => refused.push(r), resolver)) {
      throw new Error(`${t.hostname} was not refused`);
    }
    expect(refused.map((r) => r.reason)).toEqual([
      expect.stringMatching(
        /^metadata\.google\.internal \(169\.254\.169\.254\): .*169\.254\.0\.0\/16 \(link-local \/ cloud metadata/,
      ),
      expect.stringContaining('overlaps 100.100.100.200/32 (Alibaba Cloud instance metadata)'),
      expect.stringContaining('overlaps 168.63.129.16/32 (Azure WireServer'),
    ]);
  });

  it("refuses a name when any of its addresses is refused, by the scope's checkAddresses too", async () => {
    const scope = createScope({
      checkAddresses: (first) =>
        first === '192.0.2.66'
          ? { allowed: false, reason: 'refused by the policy' }
          : { allowed: true },
    });
    const names: Record<string, string[]> = {
      'mixed.test': ['192.0.2.10', '169.254.169.254'],
      'policy.test': ['192.0.2.66'],
      'fine.test': ['192.0.2.11', '192.0.2.12'],
    };
    const refused: Refusal[] = [];
    const targets = [];
    const plan = planTargets(Object.keys(names), scope);
    const resolver = async (name: string) => names[name]!;
    for await (const t of streamTargets(plan, scope, (r) => refused.push(r), resolver))
      targets.push(t);
    expect(targets).toEqual([{ ip: '192.0.2.11', hostname: 'fine.test' }]);
    expect(refused.map((r) => r.reason)).toEqual([
      expect.stringMatching(
        /^mixed\.test \(169\.254\.169\.254\): 169\.254\.169\.254 is out of scope/,
      ),
      'policy.test (192.0.2.66): 192.0.2.66 is out of scope: refused by the policy',
    ]);
  });

  it('reports a name that does not resolve', async () => {
    const scope = createScope();
    const refused: Refusal[] = [];
    const failing = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    const plan = planTargets('nowhere', scope);
    for await (const _ of streamTargets(plan, scope, (r) => refused.push(r), failing)) {
      expect.unreachable();
    }
    expect(refused).toEqual([
      { target: 'nowhere', reason: 'nowhere could not be resolved (ENOTFOUND)' },
    ]);
  });
});
