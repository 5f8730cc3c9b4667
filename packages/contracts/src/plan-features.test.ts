import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EVERYTHING_IN_PROFESSIONAL,
  featureOfApiPath,
  featureOfPage,
  PLAN_FEATURE_KEYS,
  PLAN_FEATURES,
  planRequiredMessage,
  tierIncludes,
  UNLIMITED_SCANS,
} from './plan-features.ts';
import { FREE_PLAN_LIMITS, PLANS } from './plans.ts';

const card = (tier: string) => PLANS.find((plan) => plan.tier === tier)?.features ?? [];
/** The lines of a card that are not limits or the "everything below" line. */
const sold = (tier: string) =>
  card(tier).filter((line) => line !== UNLIMITED_SCANS && line !== EVERYTHING_IN_PROFESSIONAL);

describe('plan cards and the plan matrix', () => {
  it('every line a paid card sells is a feature of that tier, and every feature is sold by its tier', () => {
    for (const tier of ['Professional', 'Enterprise'] as const) {
      const features = PLAN_FEATURE_KEYS.filter((key) => PLAN_FEATURES[key].tier === tier);
      for (const line of sold(tier))
        expect(
          features.some((key) => PLAN_FEATURES[key].card === line),
          line,
        ).toBe(true);
      for (const key of features) expect(sold(tier), key).toContain(PLAN_FEATURES[key].card);
    }
  });

  it("keeps the spec's card lines word for word", () => {
    expect(card('Free')).toEqual([
      `${FREE_PLAN_LIMITS.scansPerMonth} scans per month`,
      `At most ${FREE_PLAN_LIMITS.maxTargetsPerScan} scan targets`,
      'Basic reporting',
    ]);
    expect(card('Professional').slice(0, 3)).toEqual([
      'Unlimited scans',
      'API access',
      'MFA and SSO',
    ]);
    expect(card('Enterprise').slice(0, 3)).toEqual([
      'Everything in Professional',
      'Custom integrations',
      'Enterprise security center',
    ]);
  });

  it('sells no feature on the Free card', () => {
    const lines = new Set<string>(PLAN_FEATURE_KEYS.map((key) => PLAN_FEATURES[key].card));
    expect(card('Free').filter((line) => lines.has(line))).toEqual([]);
  });
});

describe('tierIncludes', () => {
  it('unlocks a feature from its tier upward; Free and Unknown get none', () => {
    expect(tierIncludes('Free', 'api_access')).toBe(false);
    expect(tierIncludes('Professional', 'api_access')).toBe(true);
    expect(tierIncludes('Enterprise', 'api_access')).toBe(true);
    expect(tierIncludes('Professional', 'siem')).toBe(false);
    expect(tierIncludes('Enterprise', 'siem')).toBe(true);
    expect(PLAN_FEATURE_KEYS.filter((key) => tierIncludes('Unknown', key))).toEqual([]);
  });
});

describe('gated paths', () => {
  it('maps API paths and pages to their feature, segment by segment', () => {
    expect(featureOfApiPath('/api/siem/integrations/:id')).toBe('siem');
    expect(featureOfApiPath('/api/siemx')).toBeUndefined();
    expect(featureOfApiPath('/api/security/incidents/:id/notes')).toBe('security_center');
    expect(featureOfApiPath('/api/security/session-start')).toBeUndefined();
    expect(featureOfApiPath('/api/scans')).toBeUndefined();
    expect(featureOfPage('/dashboard/cloud')).toBe('cloud');
    expect(featureOfPage('/dashboard/scan')).toBeUndefined();
  });

  it('names the plans that unlock it in the 402 text', () => {
    expect(planRequiredMessage('siem')).toBe(
      'SIEM integration is part of the Enterprise plan. Upgrade on the Billing page.',
    );
    expect(planRequiredMessage('analytics')).toBe(
      'Analytics is part of the Professional and Enterprise plans. Upgrade on the Billing page.',
    );
  });
});

describe('docs/roles-and-sso.md', () => {
  it("has one row per feature of the plan matrix in its Plans table, with the matrix's plans", () => {
    const readme = readFileSync(new URL('../../../docs/roles-and-sso.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Plans\n'), readme.indexOf('## Roles and'));
    const rows = section.split('\n').filter((line) => /^\| (?!feature|---)/.test(line));
    expect(rows).toHaveLength(PLAN_FEATURE_KEYS.length);
    PLAN_FEATURE_KEYS.forEach((key, i) => {
      const { name, card } = PLAN_FEATURES[key];
      const cells = (['Free', 'Professional', 'Enterprise'] as const).map((tier) =>
        tierIncludes(tier, key) ? 'yes' : '—',
      );
      expect(rows[i], key).toMatch(
        new RegExp(`^\\| ${name} \\| ${card} \\| ${cells.join(' \\| ')} \\|`),
      );
      for (const path of [...PLAN_FEATURES[key].pages, ...PLAN_FEATURES[key].api])
        expect(rows[i], key).toContain(`\`${path}\``);
    });
  });
});
