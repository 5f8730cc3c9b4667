import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AWS_CHECKS, AZURE_CHECKS, GCP_CHECKS } from '@netguard/cloud';
import { describe, expect, it } from 'vitest';
import { actionsForCheck, REMEDIATION_ACTIONS } from './index.ts';

const root = join(import.meta.dirname, '../../../..');
const engineChecks = readdirSync(join(root, 'packages/engine/src/checks'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// The cloud library's catalogues, not its source text: exposure check ids are generated there.
const cloudChecks = new Set([...AWS_CHECKS, ...AZURE_CHECKS, ...GCP_CHECKS].map((c) => c.id));

describe('the remediation catalogue', () => {
  it('has unique ids and fixes only checks that exist in the engine or the cloud library', () => {
    const ids = REMEDIATION_ACTIONS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const action of REMEDIATION_ACTIONS)
      for (const check of [...action.fixes, ...action.validationChecks]) {
        const known = engineChecks.includes(check) || cloudChecks.has(check);
        expect(known, `${action.id}: ${check}`).toBe(true);
      }
  });

  it('covers what the issue lists', () => {
    for (const check of [
      'ftp-anonymous',
      'redis-no-auth',
      'memcached-exposed',
      'ssh-password-auth',
      'ssh-weak-algorithms',
      'tls-legacy-protocol',
      'tls-weak-cipher',
      'http-security-headers',
      'http-server-version',
      'http-exposed-files',
      'vulnerable-version',
      'aws_ec2_sg_open_ssh',
      'aws_s3_bucket_public_access_block_off',
      'gcp_iam_public_binding',
      'aws_iam_access_key_old',
      'azure_nsg_open_ssh',
    ])
      expect(actionsForCheck(check).length, check).toBeGreaterThan(0);
  });

  it('has an action for every AWS security group port check and network ACL port check', () => {
    const ports = AWS_CHECKS.filter(
      (c) =>
        /^aws_(ec2_sg|vpc_nacl)_open_/.test(c.id) &&
        (c.exposedPorts?.length || c.id.endsWith('sg_open_all')),
    );
    expect(ports.length).toBeGreaterThanOrEqual(19);
    for (const check of ports)
      expect(
        actionsForCheck(check.id).map((a) => a.id),
        check.id,
      ).toEqual([
        check.resourceType === 'network_acl'
          ? 'aws-nacl-deny-admin-port'
          : 'aws-revoke-open-ingress',
      ]);
  });

  it('offers the fully automated fix first, and host actions have operations, cloud ones API calls', () => {
    expect(actionsForCheck('redis-no-auth').map((a) => a.id)).toEqual([
      'redis-bind-localhost',
      'firewall-close-port',
    ]);
    for (const action of REMEDIATION_ACTIONS) {
      if (action.type === 'cloud') expect(action.apiCalls?.length, action.id).toBeGreaterThan(0);
      else
        expect(
          action.operations({ port: 6379, webRoot: '/var/www/html', package: 'openssh-server' })
            .length,
          action.id,
        ).toBeGreaterThan(0);
      expect(action.rollbackPlan.length, action.id).toBeGreaterThan(0);
    }
  });

  it('refuses a finding without the value an action needs', () => {
    const close = REMEDIATION_ACTIONS.find((a) => a.id === 'firewall-close-port');
    expect(() => close?.operations({})).toThrow('the finding names no port');
  });
});
