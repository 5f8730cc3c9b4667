import { describe, expect, it } from 'vitest';
import { verdictLine } from './verdict.ts';
import { accessControlStatus, networkSecurityStatus } from './verdicts-compliance.ts';
import {
  executiveRisk,
  organizationRisk,
  securityScore,
  type TRiskedFinding,
} from './verdicts-risk.ts';
import { trendPosture } from './verdicts-trend.ts';

const rce: TRiskedFinding = {
  title: 'CVE-2024-6387',
  host: '127.0.0.1',
  score: 81,
  level: 'high',
  assessed: true,
};
const low: TRiskedFinding = {
  title: 'TLS',
  host: '127.0.0.1',
  score: 12,
  level: 'low',
  assessed: true,
};
const unassessed: TRiskedFinding = {
  ...rce,
  title: 'Raw critical',
  score: 95,
  level: 'critical',
  assessed: false,
};

describe('risk verdicts', () => {
  it('raises the spec rule to the worst open finding and names both', () => {
    const { level, verdict } = executiveRisk([rce, low]);
    expect(level).toBe('HIGH');
    expect(verdict.reference).toMatch(/gives LOW, which the high risk of CVE-2024-6387/);
    expect(executiveRisk([low])).toMatchObject({ level: 'LOW' });
    expect(executiveRisk([low]).verdict.reference).toBeNull();
  });

  it('keeps the organization risk level at the worst of findings and assessment issues', () => {
    expect(organizationRisk([rce], []).level).toBe('high');
    expect(organizationRisk([low], [{ severity: 'medium', title: 'No MFA' }])).toMatchObject({
      level: 'medium',
    });
    const { verdict } = organizationRisk([], []);
    expect(verdict.verdict).toBe('low');
    expect(verdict.inputs.map((i) => i.value)).toContain('no open finding');
  });

  it('says which findings are not assessed yet', () => {
    const inputs = securityScore([unassessed]).verdict.inputs;
    expect(inputs.at(-1)).toEqual({
      label: 'Not yet assessed',
      value: '1 (their own score and severity)',
    });
    expect(securityScore([unassessed]).score).toBe(5);
    expect(securityScore([]).score).toBe(100);
  });
});

describe('compliance and trend verdicts', () => {
  it('never says COMPLIANT for access control without evidence', () => {
    expect(accessControlStatus([]).status).toBe('NOT ASSESSED');
    expect(accessControlStatus([{ ...rce, level: 'critical' }]).status).toBe('NON-COMPLIANT');
    expect(networkSecurityStatus([low]).status).toBe('COMPLIANT');
    expect(networkSecurityStatus([rce]).verdict.reference).toContain(
      '1 open critical or high-risk finding contradicts',
    );
  });

  it('prints a verdict as one report line with its inputs and reference', () => {
    const { verdict } = trendPosture({ added: 4, resolved: 0, openAtStart: 0, openAtEnd: 4 });
    expect(verdictLine(verdict)).toBe(
      "Security posture DECLINING. Inputs: Open at the start of the period 0; New in the period 4; Resolved in the period 0; Open at the end of the period 4. Rule: The last 30 days against the state before them: IMPROVING when fewer issues are open at the end than at the start, DECLINING when more, otherwise STABLE. Reference: the spec's threshold (IMPROVING below 5 open issues, DECLINING above 20) gives IMPROVING for 4 open, which 4 new and 0 resolved contradict.",
    );
  });
});
