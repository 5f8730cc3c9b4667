import type {
  ASSET_CRITICALITIES,
  EXPOSURE_LEVELS,
  MISSION_PREVALENCE,
  PUBLIC_WELLBEING,
} from '@netguard/contracts';

type Labels<T extends readonly string[]> = Record<T[number], string>;

export const ASSET_TEXT = {
  title: 'Asset context',
  criticality: 'Criticality',
  missionPrevalence: 'Mission prevalence',
  publicWellbeing: 'Public well-being',
  exposure: 'Exposure',
  owner: 'Owner',
  tags: 'Tags',
  tagsHint: 'Comma-separated',
  save: 'Save asset context',
  saving: 'Saving...',
  saved: 'Asset context saved',
  saveFailed: 'Could not save the asset context',
  loadFailed: 'Could not load the asset context',
  notSet: 'Not set for this host yet: these are the defaults until saved.',
  tagsApply: (tags: string[]) =>
    `Context of ${tags.length === 1 ? 'tag' : 'tags'} ${tags.join(', ')} also applies.`,
  readOnly: 'Only admins and security analysts can change asset criticality.',
} as const;

export const CRITICALITY_LABELS: Labels<typeof ASSET_CRITICALITIES> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};
export const MISSION_LABELS: Labels<typeof MISSION_PREVALENCE> = {
  minimal: 'Minimal',
  support: 'Support',
  essential: 'Essential',
};
export const WELLBEING_LABELS: Labels<typeof PUBLIC_WELLBEING> = {
  minimal: 'Minimal',
  material: 'Material',
  irreversible: 'Irreversible',
};
/** `inferred`: no override, NetGuard infers exposure from the host's address. */
export const EXPOSURE_LABELS: Labels<typeof EXPOSURE_LEVELS> & { inferred: string } = {
  inferred: 'Inferred from scans',
  external: 'External',
  internal: 'Internal',
  loopback: 'Loopback',
};
