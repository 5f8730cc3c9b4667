import { ZRiskAssessment } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { assess } from './assess.ts';
import { testInput } from './test-input.ts';

const kev = { date_added: '2024-07-10', due_date: '2024-07-31', ransomware: true };
const epss = { score: 0.41, percentile: 0.97, date: '2026-11-19', model_version: 'v2025.03.14' };
const context = {
  source: 'host 198.51.100.7',
  criticality: 'critical',
  mission_prevalence: 'essential',
  public_wellbeing: 'irreversible',
  exposure: null,
  owner: 'ops',
};
const detection = {
  method: 'package_revision',
  qod: 97,
  detail: 'OpenSSH 9.2p1 Debian-2+deb12u2 older than the fix +deb12u3',
  distribution: 'Debian 12',
};

describe('assess', () => {
  it('scores a KEV-listed, exposed finding on a critical host with every multiplier and decides Act / Immediate', () => {
    const a = assess(
      testInput(
        {
          kev,
          kev_catalog: '2026-11-19',
          epss,
          detection,
          asset: context,
          vulnrichment: {
            exploitation: 'active',
            automatable: 'yes',
            technical_impact: 'total',
            assessed_at: '2024-07-02',
          },
        },
        { host: '198.51.100.7', solution: 'Upgrade openssh-server to 1:9.2p1-2+deb12u3.' },
      ),
    );
    expect(ZRiskAssessment.parse(a)).toEqual(a);
    expect(a.riskScore).toBe(100);
    expect(a.multipliers.every((m) => m.applied)).toBe(true);
    expect(a).toMatchObject({
      riskLevel: 'critical',
      mitigationUrgency: 'immediate',
      confidence: 1,
    });
    expect(a.ssvc.coordinator).toBe('act');
    expect(a.ssvc.deployer).toBe('immediate');
    expect(a.ssvc.path.map((s) => `${s.point}=${s.value}`)).toEqual([
      'Exploitation=active',
      'Automatable=yes',
      'Technical Impact=total',
      'Mission & Well-being=high',
      'System Exposure=open',
      'Human Impact=high',
    ]);
    expect(a.cvss).toEqual({
      version: '3.1',
      base_score: 8.1,
      vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H',
      severity: 'high',
      others: [],
    });
    expect(a.reasoning).toContain('Starts from CVSS 3.1 base 8.1 x10 = 81.');
    expect(a.reasoning).toContain('Score 100 (capped): critical risk, immediate urgency.');
    expect(a.reasoning).toContain('7 of 7 inputs present and fresh.');
    expect(a.recommendations).toEqual([
      'Upgrade openssh-server to 1:9.2p1-2+deb12u3.',
      'CISA KEV due date 2024-07-31: remediate CVE-2024-6387 by then (known ransomware use).',
      'Deploy the fix immediately (SSVC deployer: Immediate).',
      'Restrict access to 198.51.100.7:22 from outside networks until it is fixed.',
    ]);
  });

  it('keeps a loopback finding with no feeds at its CVSS score, says what is missing, and decides from stated assumptions', () => {
    const a = assess(testInput());
    expect(a.riskScore).toBe(81);
    expect(a.multipliers.filter((m) => m.applied)).toEqual([]);
    expect(a.multipliers.find((m) => m.name === 'external_exposure')?.reason).toBe(
      '127.0.0.1 is a loopback address',
    );
    // CVSS and exposure known; EPSS, KEV, Vulnrichment, detection, asset context not.
    expect(a.confidence).toBe(0.29);
    expect(a.inputs.filter((i) => !i.present).map((i) => i.name)).toEqual([
      'EPSS',
      'KEV',
      'SSVC (Vulnrichment)',
      'Detection',
      'Asset context',
    ]);
    // none / no (AC:H) / total / medium -> Track; none / small / no / low -> Defer
    expect(a.ssvc).toMatchObject({ coordinator: 'track', deployer: 'defer' });
    expect(a.reasoning).toContain('No multiplier applies.');
    expect(a.recommendations).toEqual([
      'Set the criticality and mission of 127.0.0.1 so the decision does not rest on assumptions.',
    ]);
  });

  it('counts a stale EPSS score and a low-QoD detection as present but not fresh', () => {
    const a = assess(
      testInput({
        epss: { ...epss, date: '2026-11-01' },
        detection: {
          method: 'upstream_version',
          qod: 30,
          detail: 'OpenSSH 9.2p1 banner',
          distribution: 'Debian 12',
        },
      }),
    );
    const byName = Object.fromEntries(a.inputs.map((i) => [i.name, i]));
    expect(byName.EPSS).toMatchObject({ present: true, fresh: false, as_of: '2026-11-01' });
    expect(byName.Detection).toMatchObject({ present: true, fresh: false });
    expect(a.reasoning).toContain(
      'missing or stale: EPSS (stale), KEV, SSVC (Vulnrichment), Detection (stale), Asset context',
    );
    expect(a.recommendations).toContain(
      'Import a current EPSS feed: the score is from 2026-11-01.',
    );
    expect(a.recommendations).toContain(
      'Check the installed package revision on 127.0.0.1: the match rests on the upstream version of a Debian 12 build, whose backported fixes are invisible.',
    );
  });

  it('falls back to the CVSS score, then the risk score, and leaves SSVC undecided without a vector', () => {
    const noVector = assess(testInput({}, { cvss_vector: 'CVSS:3.1/AV:Q' }));
    expect(noVector.riskScore).toBe(81);
    expect(noVector.cvss).toEqual({
      version: null,
      base_score: 8.1,
      vector: null,
      severity: null,
      others: [],
    });
    expect(noVector.inputs[0]?.source).toBe(
      'Finding CVSS score, no usable vector (Invalid CVSS 3.1 vector: Unknown component value Q for component AV)',
    );
    expect(noVector.ssvc.coordinator).toBeNull();
    expect(noVector.ssvc.path.find((s) => s.point === 'Automatable')?.value).toBe('unknown');
    expect(noVector.recommendations).toContain(
      'No usable CVSS vector for CVE-2024-6387: import its NVD record to decide Technical Impact.',
    );
    const riskOnly = assess(
      testInput({}, { cvss_vector: null, cvss_score: null, risk_score: 35, cve_id: null }),
    );
    expect(riskOnly.riskScore).toBe(35);
    expect(riskOnly.cvss).toBeNull();
    expect(riskOnly.reasoning).toContain("Starts from the finding's risk score 35 = 35.");
    const nothing = assess(
      testInput({}, { cvss_vector: null, cvss_score: null, risk_score: null }),
    );
    expect(nothing.riskScore).toBe(0);
    expect(nothing.reasoning).toContain('No CVSS or risk score is known: starts from 0.');
  });

  it('treats EPSS of at least 0.1 as an available exploit', () => {
    const a = assess(testInput({ epss }));
    expect(a.multipliers.find((m) => m.name === 'exploit_available')).toEqual({
      name: 'exploit_available',
      factor: 1.2,
      applied: true,
      reason: 'EPSS 0.41 on 2026-11-19 (at least 0.1)',
    });
    expect(a.riskScore).toBe(97.2);
  });
});
