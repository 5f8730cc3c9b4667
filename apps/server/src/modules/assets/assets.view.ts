import type { TAssetContext } from '@netguard/contracts';
import type { AssetContextRow } from './assets.repo.ts';

/** The API fields of an asset context row. */
export function toAssetContext(row: AssetContextRow): TAssetContext {
  return {
    id: row.id,
    kind: row.kind,
    target: row.target,
    criticality: row.criticality as TAssetContext['criticality'],
    mission_prevalence: row.missionPrevalence as TAssetContext['mission_prevalence'],
    public_wellbeing: row.publicWellbeing as TAssetContext['public_wellbeing'],
    exposure: row.exposure as TAssetContext['exposure'],
    owner: row.owner,
    tags: row.tags,
    updated_at: row.updatedAt.toISOString(),
  };
}
