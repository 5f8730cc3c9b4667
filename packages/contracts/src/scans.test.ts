import { describe, expect, it } from 'vitest';
import { ZScanName, ZScanType, ZSecurityScanParameters, ZTargetHosts } from './scans.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('scan parameter rules', () => {
  it('requires a scan name of 1 to 100 allowed characters', () => {
    expect(ZScanName.parse('  Weekly DMZ_scan-1 ')).toBe('Weekly DMZ_scan-1');
    expect(messageOf(ZScanName.safeParse(''))).toBe('Scan name required');
    expect(messageOf(ZScanName.safeParse('x'.repeat(101)))).toBe('Scan name too long');
    expect(messageOf(ZScanName.safeParse('scan; drop table'))).toBe(
      'Scan name contains invalid characters',
    );
  });

  it('requires 1 to 100 valid targets', () => {
    expect(messageOf(ZTargetHosts.safeParse([]))).toBe('At least one target host required');
    const many = Array.from({ length: 101 }, (_, i) => `host-${i}`);
    expect(messageOf(ZTargetHosts.safeParse(many))).toBe('Too many target hosts');
    expect(messageOf(ZTargetHosts.safeParse(['192.0.2.1', 'not a host']))).toBe(
      'Invalid IP address or hostname',
    );
    expect(ZTargetHosts.parse(['192.0.2.0/24', 'db-1'])).toEqual(['192.0.2.0/24', 'db-1']);
  });

  it('accepts only the product scan types', () => {
    expect(ZScanType.parse('comprehensive')).toBe('comprehensive');
    expect(messageOf(ZScanType.safeParse('quick'))).toBe('Invalid scan type');
  });

  it('validates the security-center scan parameters', () => {
    const ok = { scanName: 'Nightly', targetHosts: ['192.0.2.5'], scanType: 'quick' };
    expect(ZSecurityScanParameters.safeParse(ok).success).toBe(true);
    expect(messageOf(ZSecurityScanParameters.safeParse({ ...ok, scanType: 'network' }))).toBe(
      'Invalid scan type',
    );
  });
});
