// A finding draft about one ARM resource: its id, location and tags.
import { failingOver } from '../../shared/failing.ts';
import type { CheckFn, Draft } from '../../shared/run-scan.ts';
import type { AzureData } from '../collect.ts';

export type ArmResource = { id?: string; location?: string; tags?: Record<string, string> };

export const armDraft = (
  resource: ArmResource,
  detail: string,
  evidence: Record<string, unknown>,
): Draft => ({
  resourceId: resource.id ?? '',
  region: resource.location ?? 'global',
  detail,
  evidence,
  ...(resource.tags ? { tags: resource.tags } : {}),
});

/**
 * A check over one list of the collected data: a finding for each resource that `fails`.
 * @example failing((d) => d.vaults, (v) => !v.properties.enableRbacAuthorization, detail, evidence)
 */
export const failing = <R extends ArmResource>(
  list: (data: AzureData) => R[],
  ...test: Parameters<ReturnType<typeof failingOver<AzureData, R>>>
): CheckFn<AzureData> => failingOver(list, armDraft)(...test);
