import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, USAGE } from './cli.ts';

const input = {
  vulnerability: {
    id: '00000000-0000-4000-8000-000000000002',
    title: 'Redis without authentication',
    host: '198.51.100.7',
    port: 6379,
    cve_id: null,
    cvss_score: 9.8,
    cvss_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
    risk_score: 98,
  },
  now: '2026-11-20T12:00:00Z',
};

function run(argv: string[], stdin: string) {
  let out = '';
  let err = '';
  const code = runCli(argv, stdin, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('netguard-risk', () => {
  it('assesses one input or a list', () => {
    const one = run(['assess'], JSON.stringify(input));
    expect(one.code).toBe(0);
    expect(JSON.parse(one.out)).toMatchObject({ riskScore: 100, ssvc: { deployer: 'scheduled' } });
    const many = run(['assess'], JSON.stringify([input, input]));
    expect(JSON.parse(many.out)).toHaveLength(2);
  });

  it('explains bad input and bad commands with exit code 2', () => {
    expect(run(['assess'], '{')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/standard input is not JSON/),
    });
    expect(run(['assess'], '{"vulnerability":{}}').err).toMatch(
      /invalid input: vulnerability.id: /,
    );
    expect(run(['score'], '')).toMatchObject({ code: 2, err: expect.stringContaining(USAGE) });
    expect(run(['--help'], '')).toMatchObject({ code: 0, out: USAGE });
  });

  it('runs as a program reading standard input', () => {
    const bin = fileURLToPath(new URL('../bin/netguard-risk.js', import.meta.url));
    const out = execFileSync(process.execPath, [bin, 'assess'], {
      input: JSON.stringify(input),
    }).toString();
    expect(JSON.parse(out).vulnerability_id).toBe(input.vulnerability.id);
    const bad = spawnSync(process.execPath, [bin, 'assess'], { input: 'nope' });
    expect(bad.status).toBe(2);
  }, 60_000);
});
