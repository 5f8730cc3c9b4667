import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { createEngine } from '../engine.ts';
import type { Peer } from '../testing/peers.ts';
import { startFtpPeer, startRedisPeer } from '../testing/protocol-peers.ts';
import { sarifValidator } from '../testing/sarif-schema.ts';
import { startHttpPeer } from '../testing/servers.ts';
import type { Finding, ServiceResult } from '../types.ts';
import { fingerprintOf, toSarif } from './sarif.ts';
import { findingsFromSarif } from './sarif-read.ts';

type SarifRun = {
  tool: {
    driver: {
      rules: {
        id: string;
        fullDescription: { text: string };
        help: { text: string };
        properties: { 'security-severity': string; tags: string[] };
      }[];
    };
  };
  results: { partialFingerprints: Record<string, string> }[];
};

// The peers' address, in the file's block.
const HOST = testResources().host(12);

const peers: Peer[] = [];
beforeAll(async () => {
  peers.push(
    await startHttpPeer(HOST, (_q, res) =>
      res.writeHead(200, { Server: 'nginx/1.18.0' }).end('hi'),
    ),
    await startRedisPeer(HOST),
    await startFtpPeer(HOST, true),
  );
});
afterAll(() => Promise.all(peers.map((p) => p.close())));

describe('toSarif', () => {
  it('writes a log that is valid against the SARIF 2.1.0 schema, from real findings', async () => {
    const ports: ServiceResult[] = [];
    const findings: Finding[] = [];
    const summary = await createEngine({ ports: peers.map((p) => p.port) }).run(HOST, {
      onPort: (p) => ports.push(p),
      onFinding: (f) => findings.push(f),
    });
    expect(new Set(findings.map((f) => f.severity)).size).toBeGreaterThan(2);
    const sarif = toSarif({
      args: `netguard-scan ${HOST}`,
      startedAt: new Date(),
      ports,
      findings,
      summary,
    });
    const validate = sarifValidator();
    expect(validate(sarif), JSON.stringify(validate.errors, null, 1)).toBe(true);

    // Rules carry what dashboards show: full text, help (the solution), severity and tags.
    const run = (sarif as { runs: SarifRun[] }).runs[0] as SarifRun;
    expect(run.tool.driver.rules.map((r) => r.id).sort()).toEqual(
      [...new Set(findings.map((f) => f.check_id))].sort(),
    );
    for (const rule of run.tool.driver.rules) {
      const own = findings.filter((f) => f.check_id === rule.id);
      expect(rule.fullDescription.text).toBe(own[0]?.description);
      expect(rule.help.text).toBe(own[0]?.solution);
      expect(rule.properties['security-severity']).toBe(
        Math.max(...own.map((f) => f.cvss_score)).toFixed(1),
      );
      expect(rule.properties.tags).toContain('security');
    }
    // What NetGuard writes it reads back, finding for finding.
    const read = findingsFromSarif(JSON.stringify(sarif), 'now');
    expect(read).toEqual({
      findings: findings.map((f) => ({ ...f, mitigations: [], time: 'now' })),
      skipped: 0,
    });
    for (const [i, result] of run.results.entries())
      expect(result.partialFingerprints['netguard/v1']).toBe(fingerprintOf(findings[i] as Finding));
  });

  it('fingerprints a finding by check, place and CVE: the same in every scan, apart elsewhere', () => {
    const finding: Finding = {
      check_id: 'redis-no-auth',
      title: 'Redis without authentication',
      severity: 'critical',
      vulnerability_type: 'authentication',
      cve_id: null,
      cvss_score: 9.8,
      risk_score: 98,
      host: '192.0.2.7',
      port: 6379,
      protocol: 'tcp',
      service: 'redis',
      description: 'd',
      solution: 's',
      evidence: 'PING answered +PONG',
      mitigations: [],
      time: '2026-11-26T10:00:00.000Z',
    };
    const later = { ...finding, evidence: 'INFO answered', time: '2026-11-27T10:00:00.000Z' };
    expect(fingerprintOf(later)).toBe(fingerprintOf(finding));
    expect(fingerprintOf({ ...finding, port: 6380 })).not.toBe(fingerprintOf(finding));
    expect(fingerprintOf({ ...finding, host: '192.0.2.8' })).not.toBe(fingerprintOf(finding));
    expect(fingerprintOf({ ...finding, cve_id: 'CVE-2022-0543' })).not.toBe(fingerprintOf(finding));
  });

  it.each([
    ['not JSON', '{"version":', /^The SARIF file is not valid JSON/],
    ['another version', '{"version":"2.0.0","runs":[]}', /^Not a SARIF 2\.1\.0 log/],
  ])('refuses %s with the reason', (_name, text, message) => {
    const read = findingsFromSarif(text, 'now');
    expect('error' in read && read.error).toMatch(message);
  });

  it('skips results of other tools and results that are not whole findings', () => {
    const result = {
      ruleId: 'x',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'src/app.ts' } } }],
      properties: {},
    };
    const log = (name: string) =>
      JSON.stringify({
        version: '2.1.0',
        runs: [{ tool: { driver: { name } }, results: [result] }],
      });
    expect(findingsFromSarif(log('CodeQL'), 'now')).toEqual({ findings: [], skipped: 1 });
    expect(findingsFromSarif(log('NetGuard'), 'now')).toEqual({ findings: [], skipped: 1 });
  });
});
