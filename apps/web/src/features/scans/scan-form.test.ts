import { describe, expect, it } from 'vitest';
import {
  isMissingRequired,
  portsError,
  scanTypeInfo,
  toCreateBody,
} from '@/features/scans/scan-form';

describe('isMissingRequired', () => {
  it('needs a name, a type and at least one target', () => {
    const full = {
      scan_name: 'Lab',
      scan_type: 'network' as const,
      target_hosts: ['127.0.0.1'],
      ports: '',
    };
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
      ports: ' ',
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
      ports: '',
    });
    expect(result.body).toBeNull();
    expect(result.errors?.scan_name).toBeTruthy();
  });

  it('sends custom ports in the engine grammar, and refuses others on the ports field', () => {
    const base = {
      scan_name: 'Redis',
      scan_type: 'vulnerability' as const,
      target_hosts: ['127.0.0.1'],
    };
    expect(toCreateBody({ ...base, ports: '6390, 11299' }).body).toEqual({
      ...base,
      ports: '6390,11299',
    });
    expect(toCreateBody({ ...base, ports: '6390,redis' }).errors?.ports).toBe(
      'Invalid port specification "redis" in "6390,redis"',
    );
  });
});

describe('portsError', () => {
  it('accepts a blank field (the type’s defaults) and the grammar, quotes a bad part', () => {
    expect(portsError('')).toBeUndefined();
    expect(portsError('top1000')).toBeUndefined();
    expect(portsError('22-21')).toBe('Invalid port specification "22-21" in "22-21"');
  });
});

describe('scanTypeInfo', () => {
  it('gives the label of the scan types table, and no fixed duration', () => {
    expect(scanTypeInfo('comprehensive')).toEqual({
      value: 'comprehensive',
      label: 'Full Security Audit',
      description: '',
    });
    expect(scanTypeInfo('')).toBeUndefined();
  });
});
