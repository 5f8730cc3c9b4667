import { describe, expect, it } from 'vitest';
import { applyFormula, type FormulaFactors, riskLevelOf, urgencyOf } from './formula.ts';

const off = { applied: false, reason: 'no' };
const on = { applied: true, reason: 'yes' };
const factors = (base: number, over: Partial<FormulaFactors> = {}): FormulaFactors => ({
  base: { value: base, source: 'test' },
  externalExposure: off,
  criticalAssets: off,
  criticalBusiness: off,
  exploitAvailable: off,
  ...over,
});

describe('applyFormula', () => {
  it('keeps the start value when no multiplier applies', () => {
    expect(applyFormula(factors(50)).riskScore).toBe(50);
  });

  it.each([
    ['externalExposure', 30, 45],
    ['criticalAssets', 30, 39],
    ['criticalBusiness', 30, 42],
    ['exploitAvailable', 30, 36],
  ] as const)('%s multiplies %s to %s', (name, base, expected) => {
    const result = applyFormula(factors(base, { [name]: on }));
    expect(result.riskScore).toBe(expected);
    const applied = result.multipliers.filter((m) => m.applied);
    expect(applied).toHaveLength(1);
    expect(applied[0]?.reason).toBe('yes');
  });

  it('multiplies every applied factor and caps at 100', () => {
    const all = {
      externalExposure: on,
      criticalAssets: on,
      criticalBusiness: on,
      exploitAvailable: on,
    };
    expect(applyFormula(factors(20, all)).riskScore).toBe(65.5); // 20 x 1.5 x 1.3 x 1.4 x 1.2 = 65.52
    expect(applyFormula(factors(81, all)).riskScore).toBe(100);
  });

  it('gives the fixed shares of the score', () => {
    const r = applyFormula(factors(80));
    expect([r.businessImpactScore, r.technicalImpactScore, r.exploitabilityScore]).toEqual([
      64, 72, 56,
    ]);
  });

  it('scores 0 with no start value', () => {
    expect(applyFormula({ ...factors(0), base: null }).riskScore).toBe(0);
  });

  it('lists the four multipliers whether applied or not', () => {
    expect(applyFormula(factors(10)).multipliers.map((m) => [m.name, m.factor, m.applied])).toEqual(
      [
        ['external_exposure', 1.5, false],
        ['critical_assets', 1.3, false],
        ['critical_business', 1.4, false],
        ['exploit_available', 1.2, false],
      ],
    );
  });
});

describe('levels and urgency (90/70/40, 90/70)', () => {
  it.each([
    [100, 'critical', 'immediate'],
    [90, 'critical', 'immediate'],
    [89.9, 'high', 'urgent'],
    [70, 'high', 'urgent'],
    [69.9, 'medium', 'moderate'],
    [40, 'medium', 'moderate'],
    [39.9, 'low', 'moderate'],
    [0, 'low', 'moderate'],
  ] as const)('%s -> %s, %s', (score, level, urgency) => {
    expect(riskLevelOf(score)).toBe(level);
    expect(urgencyOf(score)).toBe(urgency);
  });
});
