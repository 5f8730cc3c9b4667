import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEgressPolicy, networkFor } from '@netguard/egress';
import { describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { GCP_CHECKS, GCP_SCAN_SERVICES } from '../catalog/gcp.ts';
import { GCP_BREAKS, givePublicIp, openFirewall, tcp } from '../testing/gcp-breaks.ts';
import { type GcpFake, googleError, startGcpFake } from '../testing/gcp-fake.ts';
import {
  cleanGcpState,
  firewall,
  firewallId,
  GCP_NOW,
  GCP_PROJECT,
  serviceAccountKey,
} from '../testing/gcp-state.ts';
import { scanHarness, useFake } from '../testing/scan-harness.ts';
import { createTestTls, testAgent } from '../testing/test-ca.ts';
import { type GcpCredentials, VerificationFailed } from '../types.ts';
import { createGcpScanner } from './scanner.ts';

const tls = createTestTls();
const scanner = createGcpScanner({ agent: testAgent(tls) });
let fake: GcpFake;
let key: ReturnType<typeof serviceAccountKey>;

const creds = (): GcpCredentials => ({
  projectId: GCP_PROJECT,
  serviceAccountKey: key.json,
  apiEndpoint: fake.url,
});
const { scan, waits, breakAndFix } = scanHarness(scanner, creds);
const reset = () => Object.assign(fake.state, cleanGcpState(key.publicKey));

useFake(
  async () => {
    fake = await startGcpFake(tls, cleanGcpState(''));
    key = serviceAccountKey(`${fake.url}/token`);
    return fake;
  },
  () => fake && reset(),
  waits,
);

describe('GCP verification', () => {
  it("gets a token at the key's token_uri and reads the project", async () => {
    const identity = await scanner.verify(creds());
    expect(identity).toEqual({
      account: GCP_PROJECT,
      principal: `scanner@${GCP_PROJECT}.iam.gserviceaccount.com`,
      displayName: 'NetGuard test project',
    });
    expect(fake.calls('oauth2.token')).toHaveLength(1);
    expect(fake.calls('projects.get')[0]?.authorization).toMatch(/^Bearer fake-google-/);
  });

  it('refuses a key that is not JSON, for verify and scan alike', async () => {
    const bad = { ...creds(), serviceAccountKey: '{"type": "service_account",' };
    await expect(scanner.verify(bad)).rejects.toBeInstanceOf(VerificationFailed);
    await expect(scanner.verify(bad)).rejects.toThrow(/GCP serviceAccountKey must parse as JSON/);
    await expect(scanner.scan(bad)).rejects.toBeInstanceOf(VerificationFailed);
    expect(fake.requests).toEqual([]);
  });

  it("names the token endpoint's status and OAuth code, never its own words", async () => {
    const other = serviceAccountKey(`${fake.url}/token`);
    const failure = await scanner
      .verify({ ...creds(), serviceAccountKey: other.json })
      .catch((error: unknown) => error as Error);
    expect((failure as Error).message).toBe(
      'GCP token endpoint: HTTP 400 from the destination (invalid_grant)',
    );
  });

  it('stops at a token answer without an access_token: no project read, no scan', async () => {
    const server = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"token_type":"Bearer"}'),
    );
    server.listen(0, testResources().host(1));
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const empty = serviceAccountKey(`http://${testResources().host(1)}:${port}/token`);
    const network = networkFor(createEgressPolicy(), { operator: true });
    try {
      const asKey = { ...creds(), serviceAccountKey: empty.json };
      const options = { credentialFetch: network.fetch };
      await expect(scanner.verify(asKey, options)).rejects.toThrow(
        'GCP token endpoint answered without an access_token',
      );
      // A scan records it as the one gap and reads nothing.
      const [result] = await scanner.scan(asKey, { ...options, checks: ['gcp_default_network'] });
      expect(result?.gaps.map((g) => [g.operation, g.message])).toEqual([
        ['jwt.authorize', expect.stringContaining('answered without an access_token')],
      ]);
      expect(fake.requests).toEqual([]);
    } finally {
      server.close();
    }
  });

  it("reaches the key's token_uri only the way the caller's fetch allows", async () => {
    const policy = createEgressPolicy({ allowed: [testResources().block] });
    const tenant = networkFor(policy, { operator: false }, { ca: tls.ca });
    await expect(scanner.verify(creds(), { credentialFetch: tenant.fetch })).rejects.toThrow(
      /refused by the egress policy: 127\.0\.0\.1 port \d+ is this server itself/,
    );
    expect(fake.calls('oauth2.token')).toEqual([]);
    const operator = networkFor(policy, { operator: true }, { ca: tls.ca });
    await expect(
      scanner.verify(creds(), { credentialFetch: operator.fetch }),
    ).resolves.toMatchObject({ account: GCP_PROJECT });
    expect(fake.calls('oauth2.token')).toHaveLength(1);
  });

  it("fails with Google's reason when the project is not readable", async () => {
    await expect(scanner.verify({ ...creds(), projectId: 'someone-else' })).rejects.toThrow(
      /PERMISSION_DENIED/,
    );
  });
});

describe('GCP checks through the SDKs', () => {
  it('has logic and a test case for every catalog entry (at least 35)', () => {
    expect(GCP_CHECKS.length).toBeGreaterThanOrEqual(35);
    expect(Object.keys(GCP_BREAKS).sort()).toEqual(GCP_CHECKS.map((c) => c.id).sort());
  });

  it('passes a well-configured project with every check run and every call ok', async () => {
    const result = await scan({ now: () => GCP_NOW });
    expect(result.findings).toEqual([]);
    expect(result.status).toBe('passed');
    expect(result.checksRun).toHaveLength(GCP_CHECKS.length);
    expect(result.calls.every((c) => c.outcome === 'ok' && c.attempts === 1)).toBe(true);
  });

  it('fetches one token for all the reads of a scan', async () => {
    await scan({ now: () => GCP_NOW });
    expect(fake.calls('oauth2.token')).toHaveLength(1);
  });

  it("reports a refused key as one denied gap with the token endpoint's reason, and reads nothing", async () => {
    const other = serviceAccountKey(`${fake.url}/token`);
    const [result] = await scanner.scan(
      { ...creds(), serviceAccountKey: other.json },
      { checks: ['gcp_default_network'] },
    );
    expect(result?.status).toBe('partial');
    expect(result?.gaps).toMatchObject([
      {
        operation: 'jwt.authorize',
        outcome: 'denied',
        attempts: 1,
        checks: ['gcp_default_network'],
      },
    ]);
    expect(result?.gaps[0]?.message).toMatch(/invalid_grant/);
    expect(fake.calls('networks.list')).toHaveLength(0);
  });

  it.each(Object.entries(GCP_BREAKS))(
    '%s: finding when broken, none when fixed',
    (id, [breakIt, resourceId]) =>
      breakAndFix(id, () => breakIt(fake.state), resourceId, reset, { now: () => GCP_NOW }),
  );

  it('names the external IPs of the instances a world-open rule targets, and honours a stronger deny', async () => {
    givePublicIp(fake.state);
    fake.state.firewalls.push(
      firewall('ssh-web', tcp('22'), ['0.0.0.0/0'], { targetTags: ['web'] }),
    );
    fake.state.firewalls.push(firewall('ssh-db', tcp('22'), ['0.0.0.0/0'], { targetTags: ['db'] }));
    const result = await scan({ checks: ['gcp_fw_open_ssh'] });
    expect(result.findings.map((f) => [f.resourceId, f.publicAddresses, f.exposedPorts])).toEqual([
      [firewallId('ssh-web'), ['192.0.2.10'], [22]],
      [firewallId('ssh-db'), undefined, [22]],
    ]);
    fake.state.firewalls.push(
      firewall('deny-ssh', [], ['0.0.0.0/0'], {
        priority: 100,
        denied: [{ IPProtocol: 'tcp', ports: ['22'] }],
      }),
    );
    expect((await scan({ checks: ['gcp_fw_open_ssh'] })).findings).toEqual([]);
  });

  it('follows nextPageToken through every page', async () => {
    for (const n of [1, 2, 3, 4, 5]) openFirewall(fake.state, `ssh-${n}`, tcp('22'));
    const result = await scan({ checks: ['gcp_fw_open_ssh'] });
    expect(result.findings).toHaveLength(5);
    expect(fake.calls('firewalls.list')).toHaveLength(4);
  });

  it("runs only one spec service's checks and calls only its APIs", async () => {
    const result = await scan({ checks: [...GCP_SCAN_SERVICES['cloud-storage'].checks] });
    expect(new Set(result.calls.map((c) => c.operation))).toEqual(
      new Set(['jwt.authorize', 'buckets.list', 'buckets.getIamPolicy']),
    );
    expect(fake.calls('firewalls.list')).toHaveLength(0);
  });
});

describe('GCP throttling, denial and timeouts', () => {
  const rateLimited = googleError(
    429,
    'RESOURCE_EXHAUSTED',
    'Quota exceeded for quota metric read requests.',
  );

  it('retries a throttled call after Retry-After and still passes', async () => {
    fake.faults.push({
      operation: 'firewalls.list',
      ...rateLimited,
      headers: { 'retry-after': '3' },
      times: 2,
    });
    const result = await scan({ checks: ['gcp_fw_open_ssh'] });
    expect(result.status).toBe('passed');
    expect(result.calls.find((c) => c.operation === 'firewalls.list')?.attempts).toBe(3);
    expect(fake.calls('firewalls.list')).toHaveLength(3);
    expect(waits.filter((w) => w >= 3000)).toHaveLength(2);
  });

  it('reports a call throttled to the end and a denied one as gaps of a partial scan', async () => {
    fake.faults.push(
      { operation: 'buckets.list', ...rateLimited, headers: { 'retry-after': '1' } },
      {
        operation: 'projects.getIamPolicy',
        ...googleError(
          403,
          'PERMISSION_DENIED',
          "Permission 'resourcemanager.projects.getIamPolicy' denied on resource.",
        ),
      },
    );
    const result = await scan({ maxAttempts: 3, now: () => GCP_NOW });
    expect(result.status).toBe('partial');
    const gaps = [...result.gaps].sort((a, b) => a.operation.localeCompare(b.operation));
    expect(gaps.map((g) => [g.operation, g.outcome, g.attempts])).toEqual([
      ['buckets.list', 'throttled', 3],
      ['projects.getIamPolicy', 'denied', 1],
    ]);
    expect(gaps[1]?.message).toMatch(/^PERMISSION_DENIED: Permission/);
    expect(gaps[1]?.checks).toEqual([
      'gcp_iam_primitive_role_user',
      'gcp_iam_public_binding',
      'gcp_iam_sa_admin_role',
      'gcp_iam_sa_user_project_level',
      'gcp_iam_audit_logs_off',
    ]);
  });

  it('retries a server error and counts the attempts', async () => {
    fake.faults.push({
      operation: 'networks.list',
      ...googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.'),
      times: 1,
    });
    const result = await scan({ checks: ['gcp_default_network'] });
    expect(result.status).toBe('passed');
    expect(result.calls.find((c) => c.operation === 'networks.list')?.attempts).toBe(2);
  });

  it('gives up on a hanging endpoint after the per-call timeout', async () => {
    fake.faults.push({ operation: 'networks.list', hang: true });
    const result = await scan({ checks: ['gcp_default_network'], callTimeoutMs: 300 });
    expect(result.status).toBe('partial');
    expect(result.gaps).toMatchObject([
      { operation: 'networks.list', outcome: 'timeout', attempts: 2 },
    ]);
  });
});
