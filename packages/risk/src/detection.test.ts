import { describe, expect, it } from 'vitest';
import { assess } from './assess.ts';
import { testInput } from './test-input.ts';

// Everything points to Act / Immediate: KEV-listed, CISA says active, automatable, total impact,
// an essential host with irreversible well-being impact on a public address.
const strong = {
  kev: { date_added: '2024-07-10', due_date: '2024-07-31', ransomware: null },
  kev_catalog: '2026-11-19',
  vulnrichment: {
    exploitation: 'active',
    automatable: 'yes',
    technical_impact: 'total',
    assessed_at: '2024-07-02',
  },
  asset: {
    source: 'host 198.51.100.7',
    criticality: 'critical',
    mission_prevalence: 'essential',
    public_wellbeing: 'irreversible',
    exposure: null,
    owner: null,
  },
};
const onHost = { host: '198.51.100.7' };
const detected = (method: string, qod: number, distribution: string | null) =>
  assess(
    testInput(
      { ...strong, detection: { method, qod, detail: 'OpenSSH 9.2p1 banner', distribution } },
      onHost,
    ),
  );
const detectionInput = (a: ReturnType<typeof assess>) =>
  a.inputs.find((i) => i.name === 'Detection');

describe('detection confidence in the assessment', () => {
  it('holds an upstream-only match on a distribution build below Act / Immediate and says why', () => {
    const a = detected('upstream_version', 30, 'Debian');
    expect([a.ssvc.coordinator, a.ssvc.deployer]).toEqual(['attend', 'out_of_cycle']);
    expect(a.ssvc.path.at(-1)).toEqual({
      point: 'Detection',
      value: 'upstream version only',
      reason:
        'Debian build matched on its upstream version, backports unknown: Act held at Attend, Immediate held at Out-of-Cycle until the package revision confirms it',
    });
    expect(a.reasoning).toContain(
      'Upstream version only on a Debian build: CVE-2024-6387 is possible, not confirmed; Debian may have backported the fix (backports unknown), so confidence is lowered (detection QoD 30%) and SSVC is held below Act / Immediate until the package revision is checked.',
    );
    // The spec's formula is kept: the score itself does not move with the detection.
    expect(a.riskScore).toBe(detected('package_revision', 97, 'Debian 12').riskScore);
  });

  it('decides Act / Immediate when the package revision or a plain upstream banner shows it', () => {
    for (const a of [
      detected('package_revision', 97, 'Debian 12'),
      detected('upstream_version', 80, null),
    ]) {
      expect([a.ssvc.coordinator, a.ssvc.deployer]).toEqual(['act', 'immediate']);
      expect(a.ssvc.path.map((s) => s.point)).not.toContain('Detection');
      expect(a.reasoning).not.toContain('Upstream version only');
    }
  });

  it('lowers the confidence of an upstream-only distribution match whatever QoD it carries', () => {
    const confirmed = detected('package_revision', 97, 'Debian 12');
    for (const qod of [30, 80]) {
      const a = detected('upstream_version', qod, 'Debian');
      expect(detectionInput(a)).toMatchObject({ present: true, fresh: false });
      expect(a.confidence).toBeLessThan(confirmed.confidence);
    }
    expect(detectionInput(confirmed)?.fresh).toBe(true);
  });

  it('leaves outcomes below Act / Immediate as they are and still names the detection step', () => {
    const a = assess(
      testInput({
        detection: { method: 'upstream_version', qod: 30, detail: 'x', distribution: 'Ubuntu' },
      }),
    );
    const plain = assess(testInput());
    expect([a.ssvc.coordinator, a.ssvc.deployer]).toEqual([
      plain.ssvc.coordinator,
      plain.ssvc.deployer,
    ]);
    expect(a.ssvc.path.at(-1)?.reason).toContain('nothing above Attend / Out-of-Cycle');
  });
});
