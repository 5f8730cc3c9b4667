import type { TRiskSummary } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { percentText, rangeFromParams, signedPercent, summaryCards } from './risk-format';

const summary = (overrides: Partial<TRiskSummary> = {}): TRiskSummary => ({
  range: '7d',
  ai_confidence: 0.94,
  high_risk_assets: 23,
  risk_reduction: -18,
  auto_prioritized: 156,
  ...overrides,
});

const card = (s: TRiskSummary, title: string) => {
  const found = summaryCards(s).find((c) => c.title === title);
  if (!found) throw new Error(`no card ${title}`);
  return found;
};

describe('percentText', () => {
  it('shows a 0-1 share as a whole percent', () => {
    expect(percentText(0.94)).toBe('94%');
    expect(percentText(0.666)).toBe('67%');
    expect(percentText(0)).toBe('0%');
    expect(percentText(1)).toBe('100%');
  });

  it('keeps "nothing to compute from" as null, never 0%', () => {
    expect(percentText(null)).toBeNull();
  });
});

describe('signedPercent', () => {
  it('shows a fall of risk with a minus sign and a rise with a plus sign', () => {
    expect(signedPercent(-18)).toBe('-18%');
    expect(signedPercent(12.4)).toBe('+12%');
  });

  it('never shows "-0%" or "+0%" for a change that rounds to nothing', () => {
    expect(signedPercent(0)).toBe('0%');
    expect(signedPercent(-0.4)).toBe('0%');
    expect(signedPercent(0.4)).toBe('0%');
  });
});

describe('summaryCards', () => {
  it('shows the four cards in the spec order with the measured values', () => {
    expect(summaryCards(summary()).map((c) => [c.title, c.value])).toEqual([
      ['AI Confidence', '94%'],
      ['High Risk Assets', '23'],
      ['Risk Reduction', '-18%'],
      ['Auto-Prioritized', '156'],
    ]);
  });

  it('says in words which way risk moved, compared with the previous range', () => {
    expect(card(summary({ risk_reduction: -18 }), 'Risk Reduction').detail).toBe(
      'Summed risk fell vs the previous 7 days',
    );
    expect(card(summary({ risk_reduction: 25 }), 'Risk Reduction')).toMatchObject({
      value: '+25%',
      detail: 'Summed risk rose vs the previous 7 days',
      tone: 'red',
    });
    expect(card(summary({ range: '24h', risk_reduction: 0 }), 'Risk Reduction').detail).toBe(
      'No change vs the previous 24 hours',
    );
  });

  it('shows "—" and why, never a number, when there is nothing to compute from', () => {
    const empty = summary({ range: '30d', ai_confidence: null, risk_reduction: null });
    expect(card(empty, 'AI Confidence')).toMatchObject({
      value: '—',
      detail: 'No assessment in the last 30 days',
    });
    expect(card(empty, 'Risk Reduction')).toMatchObject({
      value: '—',
      detail: 'No risk recorded in the 30 days before to compare with',
    });
  });

  it('shows real zeros of the counts as 0', () => {
    const none = summary({ high_risk_assets: 0, auto_prioritized: 0 });
    expect(card(none, 'High Risk Assets').value).toBe('0');
    expect(card(none, 'Auto-Prioritized').value).toBe('0');
  });
});

describe('rangeFromParams', () => {
  it('reads the range from the URL and falls back to 7d', () => {
    expect(rangeFromParams(new URLSearchParams('range=90d'))).toBe('90d');
    expect(rangeFromParams(new URLSearchParams(''))).toBe('7d');
    expect(rangeFromParams(new URLSearchParams('range=1y'))).toBe('7d');
  });
});
