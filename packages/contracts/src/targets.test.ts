import { describe, expect, it } from 'vitest';
import { classifyTarget, parseTargets } from './targets.ts';

describe('classifyTarget', () => {
  it.each([
    ['192.0.2.1', 'ipv4'],
    ['0.0.0.0', 'ipv4'],
    ['192.0.2.0/24', 'cidr'],
    ['192.0.2.0/0', 'cidr'],
    ['192.0.2.7/32', 'cidr'],
    ['192.0.2.1-50', 'range'],
    ['scanme.example.org', 'hostname'],
    ['localhost', 'hostname'],
    ['web-01', 'hostname'],
  ])('%s is %s', (entry, kind) => {
    expect(classifyTarget(entry)).toBe(kind);
  });

  it.each([
    '256.1.1.1',
    '192.0.2.0/33',
    '192.0.2.0/',
    '192.0.2.50-1',
    '192.0.2.1-256',
    'under_score.example',
    `${'a'.repeat(64)}.example`,
    'bad..dots',
    'http://example.com',
    '1.2.3',
  ])('%s is invalid', (entry) => {
    expect(classifyTarget(entry)).toBeNull();
  });
});

describe('parseTargets', () => {
  it('splits on commas, trims, drops empties and de-duplicates', () => {
    expect(parseTargets(' 192.0.2.1 , ,192.0.2.1, host-a ,')).toEqual({
      valid: ['192.0.2.1', 'host-a'],
      invalid: [],
    });
  });
  it('reports invalid entries and keeps the valid ones', () => {
    expect(parseTargets('192.0.2.0/24, bad_host, 999.1.1.1')).toEqual({
      valid: ['192.0.2.0/24'],
      invalid: ['bad_host', '999.1.1.1'],
    });
  });
  it('skips entries already present', () => {
    expect(parseTargets('192.0.2.1, 192.0.2.2', ['192.0.2.1']).valid).toEqual(['192.0.2.2']);
  });
  it('does nothing for empty input', () => {
    expect(parseTargets('   ')).toEqual({ valid: [], invalid: [] });
  });
});
