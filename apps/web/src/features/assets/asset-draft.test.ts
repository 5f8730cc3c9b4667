import type { TAssetContext } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { draftFor, hostContextBody } from '@/features/assets/asset-draft';

const context = (over: Partial<TAssetContext>): TAssetContext => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'host',
  target: '10.0.0.5',
  criticality: 'critical',
  mission_prevalence: 'essential',
  public_wellbeing: 'material',
  exposure: null,
  owner: 'Ops',
  tags: ['db', 'prod'],
  updated_at: '2026-11-25T10:00:00.000Z',
  ...over,
});

describe('draftFor', () => {
  it("starts from the host's own context and names the tag contexts that apply", () => {
    const { draft, saved, tagContexts } = draftFor('10.0.0.5', [
      context({}),
      context({ kind: 'tag', target: 'db', tags: [] }),
    ]);
    expect(saved).toBe(true);
    expect(draft).toEqual({
      criticality: 'critical',
      mission_prevalence: 'essential',
      public_wellbeing: 'material',
      exposure: 'inferred',
      owner: 'Ops',
      tags: 'db, prod',
    });
    expect(tagContexts).toEqual(['db']);
  });

  it('starts from the defaults when the host has none', () => {
    const { draft, saved } = draftFor('10.0.0.9', []);
    expect(saved).toBe(false);
    expect(draft.criticality).toBe('medium');
  });
});

describe('hostContextBody', () => {
  it('splits tags, drops blanks and turns inferred exposure and an empty owner into null', () => {
    const body = hostContextBody('10.0.0.5', {
      criticality: 'high',
      mission_prevalence: 'support',
      public_wellbeing: 'minimal',
      exposure: 'inferred',
      owner: '  ',
      tags: ' web, ,db ',
    });
    expect(body).toMatchObject({ kind: 'host', target: '10.0.0.5', exposure: null, owner: null });
    expect(body.tags).toEqual(['web', 'db']);
    expect(
      hostContextBody('h', { ...draftFor('h', []).draft, exposure: 'external' }).exposure,
    ).toBe('external');
  });
});
