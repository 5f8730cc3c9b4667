import { describe, expect, it } from 'vitest';
import { parseCvss } from './cvss.ts';
import {
  automatableOf,
  exploitationOf,
  exposureOf,
  humanImpactOf,
  missionWellbeingOf,
  technicalImpactFrom,
} from './points.ts';
import { testInput } from './test-input.ts';

const epss = (score: number) => ({
  score,
  percentile: 0.9,
  date: '2026-11-19',
  model_version: 'v2025.03.14',
});
const vr = (over = {}) => ({
  exploitation: null,
  automatable: null,
  technical_impact: null,
  assessed_at: '2024-07-02T00:00:00Z',
  ...over,
});
const asset = (over = {}) => ({
  source: 'host 127.0.0.1',
  criticality: 'high',
  mission_prevalence: 'support',
  public_wellbeing: 'minimal',
  exposure: null,
  owner: null,
  ...over,
});

describe('exploitationOf', () => {
  it('is active when the CVE is in KEV, whatever else says', () => {
    const e = exploitationOf(
      testInput({
        kev: { date_added: '2024-07-10', due_date: '2024-07-31', ransomware: false },
        vulnrichment: vr({ exploitation: 'none' }),
      }),
    );
    expect(e).toEqual({ value: 'active', reason: 'Listed in CISA KEV (added 2024-07-10)' });
  });
  it("takes Vulnrichment's value with its date", () => {
    expect(exploitationOf(testInput({ vulnrichment: vr({ exploitation: 'poc' }) }))).toEqual({
      value: 'poc',
      reason: 'CISA Vulnrichment SSVC entry of 2024-07-02',
    });
  });
  it('counts EPSS of at least 0.1 as poc, below as no evidence', () => {
    expect(exploitationOf(testInput({ epss: epss(0.1) })).value).toBe('poc');
    expect(exploitationOf(testInput({ epss: epss(0.41) })).reason).toBe(
      'EPSS 0.41 on 2026-11-19 (at least 0.1)',
    );
    expect(exploitationOf(testInput({ epss: epss(0.099) }))).toEqual({
      value: 'none',
      reason: 'No KEV entry, no Vulnrichment evidence, EPSS 0.099 below 0.1',
    });
    expect(exploitationOf(testInput()).reason).toBe(
      'No KEV entry, no Vulnrichment evidence, no EPSS score',
    );
  });
});

describe('automatableOf', () => {
  const v = parseCvss('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H');
  it('takes Vulnrichment first', () => {
    expect(automatableOf(testInput({ vulnrichment: vr({ automatable: 'no' }) }), v)?.value).toBe(
      'no',
    );
  });
  it('is yes when NetGuard confirmed it with an active probe', () => {
    const detection = {
      method: 'active_probe',
      qod: 95,
      detail: 'listing served',
      distribution: null,
    };
    expect(automatableOf(testInput({ detection }), null)).toEqual({
      value: 'yes',
      reason: 'NetGuard reproduced it with an unauthenticated network probe',
    });
  });
  it('reads the vector otherwise, and is unknown without one', () => {
    expect(automatableOf(testInput(), v)?.value).toBe('yes');
    expect(
      automatableOf(testInput(), parseCvss('CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H'))?.value,
    ).toBe('no');
    expect(automatableOf(testInput(), null)).toBeNull();
  });
});

describe('technicalImpactFrom', () => {
  it('takes Vulnrichment first, else the CVSS table, else unknown', () => {
    const v = parseCvss('CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H');
    expect(
      technicalImpactFrom(testInput({ vulnrichment: vr({ technical_impact: 'partial' }) }), v)
        ?.value,
    ).toBe('partial');
    expect(technicalImpactFrom(testInput(), v)).toEqual({
      value: 'total',
      reason: 'CVSS 3.1 PR:N C:H I:H (CERT/CC technical impact table)',
    });
    expect(technicalImpactFrom(testInput(), null)).toBeNull();
  });
});

describe('exposureOf', () => {
  it('infers from the address: loopback small, private controlled, public open', () => {
    expect(exposureOf(testInput())).toMatchObject({ level: 'loopback', value: 'small' });
    expect(exposureOf(testInput({}, { host: '10.0.0.5' }))).toMatchObject({
      level: 'internal',
      value: 'controlled',
    });
    expect(exposureOf(testInput({}, { host: '198.51.100.7' }))).toEqual({
      level: 'external',
      value: 'open',
      reason: '198.51.100.7 is an external address',
    });
    expect(exposureOf(testInput({}, { host: 'db.internal' }))).toBeNull();
  });
  it('follows the asset context when it sets the exposure', () => {
    expect(exposureOf(testInput({ asset: asset({ exposure: 'external' }) }))).toEqual({
      level: 'external',
      value: 'open',
      reason: 'Set as external (host 127.0.0.1)',
    });
  });
});

describe('mission and human impact', () => {
  it('reads the asset context through the CISA and CERT/CC tables', () => {
    const input = testInput({
      asset: asset({ mission_prevalence: 'essential', public_wellbeing: 'irreversible' }),
    });
    expect(missionWellbeingOf(input).value).toBe('high');
    expect(humanImpactOf(input)).toEqual({
      value: 'high',
      reason:
        'Safety critical (well-being irreversible), mission impact mef failure (host 127.0.0.1)',
    });
  });
  it('states its assumption when no context is set', () => {
    expect(missionWellbeingOf(testInput())).toEqual({
      value: 'medium',
      reason:
        'Mission support, public well-being minimal (assumed: no asset context for 127.0.0.1)',
    });
    expect(humanImpactOf(testInput()).value).toBe('low');
  });
});
