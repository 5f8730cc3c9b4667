import type { TAssetContext, TAssetContextBody } from '@netguard/contracts';

/** The editor's fields: exposure `inferred` is no override; tags are one comma-separated text. */
export type TAssetDraft = {
  criticality: TAssetContext['criticality'];
  mission_prevalence: TAssetContext['mission_prevalence'];
  public_wellbeing: TAssetContext['public_wellbeing'];
  exposure: NonNullable<TAssetContext['exposure']> | 'inferred';
  owner: string;
  tags: string;
};

const DEFAULT_DRAFT: TAssetDraft = {
  criticality: 'medium',
  mission_prevalence: 'support',
  public_wellbeing: 'minimal',
  exposure: 'inferred',
  owner: '',
  tags: '',
};

function toDraft(c: TAssetContext): TAssetDraft {
  return {
    criticality: c.criticality,
    mission_prevalence: c.mission_prevalence,
    public_wellbeing: c.public_wellbeing,
    exposure: c.exposure ?? 'inferred',
    owner: c.owner ?? '',
    tags: c.tags.join(', '),
  };
}

/**
 * The editor's starting point for a host: its own context, or the defaults while it has none;
 * and the tag contexts that apply to it through its tags.
 */
export function draftFor(host: string, contexts: TAssetContext[]) {
  const own = contexts.find((c) => c.kind === 'host' && c.target === host);
  return {
    draft: own ? toDraft(own) : DEFAULT_DRAFT,
    saved: own !== undefined,
    tagContexts: contexts.filter((c) => c.kind === 'tag').map((c) => c.target),
  };
}

/** The PUT /api/assets body of a host's draft. */
export function hostContextBody(host: string, draft: TAssetDraft): TAssetContextBody {
  return {
    kind: 'host',
    target: host,
    criticality: draft.criticality,
    mission_prevalence: draft.mission_prevalence,
    public_wellbeing: draft.public_wellbeing,
    exposure: draft.exposure === 'inferred' ? null : draft.exposure,
    owner: draft.owner.trim() || null,
    tags: draft.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  };
}
