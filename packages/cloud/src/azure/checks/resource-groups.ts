// Resource group hygiene: tags (ownership) and management locks (protection from deletion).
import type { CheckFn } from '../../shared/run-scan.ts';
import type { AzureData } from '../collect.ts';

const PROTECTING_LEVELS = new Set(['cannotdelete', 'readonly']);

/** Whether a lock on the subscription or on the group itself protects the group. */
function isLocked(data: AzureData, groupId: string): boolean {
  const subscription = groupId.replace(/\/resourceGroups\/.*$/i, '').toLowerCase();
  return data.locks.some((lock) => {
    const scope = lock.id
      .toLowerCase()
      .replace(/\/providers\/microsoft\.authorization\/locks\/[^/]+$/, '');
    return (
      PROTECTING_LEVELS.has(lock.level.toLowerCase()) &&
      (scope === groupId.toLowerCase() || scope === subscription)
    );
  });
}

export const resourceGroupChecks: Record<string, CheckFn<AzureData>> = {
  azure_rg_no_tags: (data) =>
    data.groups
      .filter((g) => !Object.keys(g.tags ?? {}).length)
      .map((g) => ({
        resourceId: g.id ?? '',
        region: g.location,
        detail: `Resource group ${g.name} has no tags.`,
        evidence: { tags: g.tags ?? {} },
      })),
  azure_rg_no_lock: (data) =>
    data.groups
      .filter((g) => !isLocked(data, g.id ?? ''))
      .map((g) => ({
        resourceId: g.id ?? '',
        region: g.location,
        detail: `Resource group ${g.name} has no CanNotDelete or ReadOnly lock.`,
        evidence: {
          locks: data.locks.filter((l) => l.id.toLowerCase().startsWith(`${g.id?.toLowerCase()}/`)),
        },
        ...(g.tags ? { tags: g.tags } : {}),
      })),
};
