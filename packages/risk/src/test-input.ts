import { type AssessInput, ZAssessInput } from './input.ts';

/** A parsed assessment input for tests: an sshd finding with nothing but its CVSS vector. */
export function testInput(
  over: Partial<Record<keyof AssessInput, unknown>> = {},
  vuln = {},
): AssessInput {
  return ZAssessInput.parse({
    vulnerability: {
      id: '00000000-0000-4000-8000-000000000001',
      title: 'OpenSSH regreSSHion',
      host: '127.0.0.1',
      port: 22,
      cve_id: 'CVE-2024-6387',
      cvss_score: 8.1,
      cvss_vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H',
      risk_score: 81,
      solution: null,
      ...vuln,
    },
    now: '2026-11-20T12:00:00Z',
    ...over,
  });
}
