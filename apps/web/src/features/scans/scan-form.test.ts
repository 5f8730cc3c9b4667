import { describe, expect, it } from 'vitest';
import { isMissingRequired, scanTypeInfo, toCreateBody } from '@/features/scans/scan-form';

describe('isMissingRequired', () => {
  it('needs a name, a type and at least one target', () => {
    const full = { scan_name: 'Lab', scan_type: 'network' as const, target_hosts: ['127.0.0.1'] };
    expect(isMissingRequired(full)).toBe(false);
    expect(isMissingRequired({ ...full, scan_name: '   ' })).toBe(true);
    expect(isMissingRequired({ ...full, scan_type: '' })).toBe(true);
    expect(isMissingRequired({ ...full, target_hosts: [] })).toBe(true);
  });
});

describe('toCreateBody', () => {
  it('trims the name and returns the body the API takes', () => {
    const result = toCreateBody({
      scan_name: '  Lab scan ',
      scan_type: 'port',
      target_hosts: ['127.0.0.1'],
    });
    expect(result.body).toEqual({
      scan_name: 'Lab scan',
      scan_type: 'port',
      target_hosts: ['127.0.0.1'],
    });
  });

  it('reports a name the contract refuses on the name field', () => {
    const result = toCreateBody({
      scan_name: 'Lab <script>',
      scan_type: 'port',
      target_hosts: ['127.0.0.1'],
    });
    expect(result.body).toBeNull();
    expect(result.errors?.scan_name).toBeTruthy();
  });
});

describe('scanTypeInfo', () => {
  it('gives the label and estimated duration of the scan types table', () => {
    expect(scanTypeInfo('comprehensive')).toMatchObject({
      label: 'Full Security Audit',
      duration: '60-180 min',
    });
    expect(scanTypeInfo('')).toBeUndefined();
  });
});
