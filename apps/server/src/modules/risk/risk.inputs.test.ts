import { describe, expect, it } from 'vitest';
import type { assetContexts } from '../../db/schema.ts';
import { contextForHost, ssvcValue } from './risk.inputs.ts';
import { riskChange } from './risk.service.ts';

type Row = typeof assetContexts.$inferSelect;
const row = (over: Partial<Row>): Row => ({
  id: '00000000-0000-4000-8000-000000000000',
  organizationId: '00000000-0000-4000-8000-000000000001',
  kind: 'host',
  target: '10.0.0.5',
  criticality: 'high',
  missionPrevalence: 'support',
  publicWellbeing: 'minimal',
  exposure: null,
  owner: null,
  tags: [],
  updatedBy: null,
  updatedAt: new Date(0),
  ...over,
});

describe('contextForHost', () => {
  it('is null for a host without its own row', () => {
    expect(contextForHost('10.0.0.5', [row({ kind: 'tag', target: 'dmz' })])).toBeNull();
  });

  it("takes exposure and owner from the host's tags only where its own are unset", () => {
    const rows = [
      row({ tags: ['dmz', 'web'] }),
      row({ kind: 'tag', target: 'web', exposure: 'external', owner: 'web-team' }),
      row({ kind: 'tag', target: 'dmz', exposure: 'internal' }),
    ];
    expect(contextForHost('10.0.0.5', rows)).toEqual({
      source: 'host 10.0.0.5, tag dmz, tag web',
      criticality: 'high',
      mission_prevalence: 'support',
      public_wellbeing: 'minimal',
      exposure: 'internal',
      owner: 'web-team',
    });
    const own = [row({ tags: ['web'], exposure: 'loopback', owner: 'me' }), rows[1] as Row];
    expect(contextForHost('10.0.0.5', own)).toMatchObject({
      source: 'host 10.0.0.5',
      exposure: 'loopback',
      owner: 'me',
    });
  });
});

describe('ssvcValue', () => {
  it("reads Vulnrichment's spelling and drops what is not a value", () => {
    expect(ssvcValue('Public PoC', ['none', 'poc', 'active'])).toBe('poc');
    expect(ssvcValue('active', ['none', 'poc', 'active'])).toBe('active');
    expect(ssvcValue('maybe', ['none', 'poc', 'active'])).toBeNull();
    expect(ssvcValue(null, ['no', 'yes'])).toBeNull();
  });
});

describe('riskChange', () => {
  it('is the percent change of the mean summed risk, null without a base', () => {
    expect(riskChange([200], [250])).toBe(-20);
    expect(riskChange([150, 250], [100])).toBe(100);
    expect(riskChange([], [100])).toBeNull();
    expect(riskChange([100], [])).toBeNull();
    expect(riskChange([100], [0])).toBeNull();
  });
});
