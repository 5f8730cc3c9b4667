// docs/remediation.md names the cloud permissions of every cloud action: a new action without
// its row, or a row left for an action that is gone, fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLOUD_ACTIONS } from './cloud.ts';

const DOC = readFileSync(new URL('../../../../docs/remediation.md', import.meta.url), 'utf8');
const section = DOC.slice(DOC.indexOf('## Cloud permissions'));
const rows = section
  .slice(0, section.indexOf('\n## ', 1) === -1 ? undefined : section.indexOf('\n## ', 1))
  .split('\n')
  .filter((l) => /^\| `[a-z0-9-]+` \|/.test(l));

describe('the cloud permissions table', () => {
  it('has one row per cloud action, with what it reads, applies and rolls back', () => {
    const ids = rows.map((r) => /^\| `([a-z0-9-]+)`/.exec(r)?.[1]);
    expect(ids.sort()).toEqual(CLOUD_ACTIONS.map((a) => a.id).sort());
    for (const row of rows)
      expect(
        row
          .split('|')
          .slice(1, -1)
          .every((c) => c.trim()),
      ).toBe(true);
  });

  it('names the permission of each API call an action makes', () => {
    const permission: Record<string, string> = {
      'ec2:RevokeSecurityGroupIngress': 'ec2:RevokeSecurityGroupIngress',
      'ec2:CreateNetworkAclEntry': 'ec2:CreateNetworkAclEntry',
      'iam:UpdateAccessKey (Status=Inactive)': 'iam:UpdateAccessKey',
      'Microsoft.Network/networkSecurityGroups/securityRules/delete':
        'Microsoft.Network/networkSecurityGroups/securityRules/delete',
      'compute.firewalls.delete': 'compute.firewalls.delete',
      's3:PutPublicAccessBlock (bucket) or s3control:PutPublicAccessBlock (account)':
        's3:PutBucketPublicAccessBlock',
      'setIamPolicy without the public members': 'setIamPolicy',
    };
    for (const action of CLOUD_ACTIONS) {
      const row = rows.find((r) => r.startsWith(`| \`${action.id}\``)) ?? '';
      for (const call of action.apiCalls ?? []) expect(row, call).toContain(permission[call]);
    }
  });
});
