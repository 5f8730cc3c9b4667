// A finding draft about one ARM resource: its id, location and tags.
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
export function failing<R extends ArmResource>(
  list: (data: AzureData) => R[],
  fails: (r: R) => boolean,
  detail: (r: R) => string,
  evidence: (r: R) => Record<string, unknown>,
): CheckFn<AzureData> {
  return (data) =>
    list(data)
      .filter(fails)
      .map((r) => armDraft(r, detail(r), evidence(r)));
}
