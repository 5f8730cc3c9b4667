// The test every cloud action goes through (used by the provider test files): the finding is seen,
// the dry run changes nothing, the apply fixes it, the rollback brings the finding and the
// resource's exact state back. Captured state is passed through JSON, as the server stores it.
import type { CredentialsOf, Provider } from '@netguard/cloud';
import { expect } from 'vitest';
import { REMEDIATION_ACTIONS } from '../catalog/index.ts';
import type { DryRun } from '../execution.ts';
import { applyCloud, dryRunCloud, rollbackCloud } from './run.ts';
import type { CloudFinding, CloudOptions } from './types.ts';
import { verifyCloudCheck } from './verify.ts';

export type RoundTrip<P extends Provider> = {
  provider: P;
  credentials: CredentialsOf[P];
  actionId: string;
  finding: CloudFinding;
  options?: CloudOptions;
  /** The resource as the provider holds it now. */
  read: () => unknown;
};

/** The changed lines of a dry run's diffs, without the ---/+++ headers. */
export const changedLines = (dry: DryRun) =>
  dry.diffs
    .flatMap((d) => d.diff.split('\n'))
    .filter((l) => /^[-+]/.test(l) && !/^(---|\+\+\+) /.test(l));

const action = (id: string) => {
  const found = REMEDIATION_ACTIONS.find((a) => a.id === id);
  if (!found) throw new Error(`no action ${id}`);
  return found;
};

export async function roundTrip<P extends Provider>(t: RoundTrip<P>) {
  const { provider, credentials, finding, options } = t;
  const verify = () =>
    verifyCloudCheck(provider, credentials, finding.checkId, finding.resourceId, options);
  const broken = await verify();
  expect(broken.fixed).toBe(false);
  expect(broken.evidence).not.toBe('no finding');
  const original = structuredClone(await t.read());

  const dry = await dryRunCloud(provider, credentials, action(t.actionId), finding, options);
  expect(dry.changes).toBe(true);
  expect(dry.log.length).toBeGreaterThan(0);
  expect(dry.log.every((s) => s.ok)).toBe(true);
  expect(await t.read()).toEqual(original);

  const applied = await applyCloud(provider, credentials, action(t.actionId), finding, options);
  const stored = JSON.parse(JSON.stringify(applied.captured));
  expect(stored).toEqual(applied.captured);
  expect(applied.log.map((s) => s.step)).toEqual([
    ...dry.log.map((s) => s.step),
    ...(dry.apiCalls ?? []).map((c) => c.call),
  ]);
  const fixed = await verify();
  expect(fixed).toMatchObject({ checkId: finding.checkId, fixed: true, evidence: 'no finding' });

  const rolledBack = await rollbackCloud(provider, credentials, stored, options);
  expect(rolledBack.log.every((s) => s.ok)).toBe(true);
  const back = await verify();
  expect(back.fixed).toBe(false);
  expect(await t.read()).toEqual(original);
  return { broken, dry, applied, rolledBack, back };
}
