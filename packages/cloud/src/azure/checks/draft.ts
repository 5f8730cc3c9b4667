// A finding draft about one ARM resource: its id, location and tags.
import type { Draft } from '../../shared/run-scan.ts';

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
