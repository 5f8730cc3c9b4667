// The IAM checks whose state moto cannot hold (root keys, root MFA on, keys used recently), on
// collected data; the collection itself runs against moto in scan-iam.test.ts.
import { describe, expect, it } from 'vitest';
import { runChecks } from './checks.ts';
import { parseCredentialReport } from './collect-iam.ts';
import type { AwsInventory, GlobalInventory } from './inventory.ts';

const NOW = new Date('2026-06-01T00:00:00Z');
const inventory = (global: GlobalInventory): AwsInventory => ({
  account: '111122223333',
  now: NOW,
  regions: [],
  global,
});

const REPORT = `user,arn,user_creation_time,password_enabled,password_last_used,password_last_changed,password_next_rotation,mfa_active,access_key_1_active,access_key_1_last_rotated,access_key_1_last_used_date,access_key_1_last_used_region,access_key_1_last_used_service,access_key_2_active,access_key_2_last_rotated,access_key_2_last_used_date,access_key_2_last_used_region,access_key_2_last_used_service,cert_1_active,cert_1_last_rotated,cert_2_active,cert_2_last_rotated
<root_account>,arn:aws:iam::111122223333:root,2020-01-01T00:00:00+00:00,not_supported,2026-05-30T00:00:00+00:00,not_supported,not_supported,false,true,2020-01-01T00:00:00+00:00,2026-05-31T00:00:00+00:00,us-east-1,s3,false,N/A,N/A,N/A,N/A,false,N/A,false,N/A
erin,arn:aws:iam::111122223333:user/erin,2025-01-01T00:00:00+00:00,true,2026-05-20T00:00:00+00:00,2025-01-01T00:00:00+00:00,N/A,true,true,2025-01-01T00:00:00+00:00,2026-05-31T00:00:00+00:00,us-east-1,s3,true,2026-05-01T00:00:00+00:00,N/A,N/A,N/A,false,N/A,false,N/A
`;

describe('the root user', () => {
  it('is a finding with access keys and without MFA, and none with MFA and no keys', () => {
    const risky = runChecks(
      inventory({ accountSummary: { AccountAccessKeysPresent: 1, AccountMFAEnabled: 0 } }),
      ['aws_iam_root_access_keys', 'aws_iam_root_mfa_off'],
    );
    expect(risky.map((f) => [f.checkId, f.resourceId, f.region])).toEqual([
      ['aws_iam_root_access_keys', 'arn:aws:iam::111122223333:root', 'global'],
      ['aws_iam_root_mfa_off', 'arn:aws:iam::111122223333:root', 'global'],
    ]);
    const safe = runChecks(
      inventory({ accountSummary: { AccountAccessKeysPresent: 0, AccountMFAEnabled: 1 } }),
      ['aws_iam_root_access_keys', 'aws_iam_root_mfa_off'],
    );
    expect(safe).toEqual([]);
  });
});

describe('the credential report', () => {
  const rows = parseCredentialReport(REPORT);

  it('parses into rows keyed by column', () => {
    expect(rows[1]).toMatchObject({
      user: 'erin',
      mfa_active: 'true',
      access_key_2_last_used_date: 'N/A',
    });
  });

  it('judges key age by the last rotation and leaves out the root row', () => {
    const old = runChecks(inventory({ credentialReport: rows }), ['aws_iam_access_key_old']);
    expect(old.map((f) => f.resourceId)).toEqual([
      'arn:aws:iam::111122223333:user/erin/access_key_1',
    ]);
    expect(old[0]?.evidence.ageDays).toBe(516);
  });

  it('counts a key never used as unused from its rotation date, and a key used yesterday as used', () => {
    const unused = runChecks(inventory({ credentialReport: rows }), ['aws_iam_credentials_unused']);
    expect(unused).toEqual([]);
    const later = {
      ...inventory({ credentialReport: rows }),
      now: new Date('2026-08-01T00:00:00Z'),
    };
    const found = runChecks(later, ['aws_iam_credentials_unused']);
    expect(found[0]?.evidence.unused).toEqual(['access key 2']);
  });

  it('does not flag a console user with MFA', () => {
    expect(
      runChecks(inventory({ credentialReport: rows }), ['aws_iam_user_console_no_mfa']),
    ).toEqual([]);
  });
});
