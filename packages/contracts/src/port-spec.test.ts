import { describe, expect, it } from 'vitest';
import { formatPorts, parsePorts, portSpecError, topPorts } from './port-spec.ts';

describe('parsePorts', () => {
  it('orders top ports by real-world frequency', () => {
    expect(parsePorts('top100').slice(0, 6)).toEqual([80, 23, 443, 21, 22, 25]);
    expect(parsePorts('top100')).toHaveLength(100);
    expect(new Set(parsePorts('top1000')).size).toBe(1000);
  });

  it('parses ranges and single ports, de-duplicated, in the order given', () => {
    expect(parsePorts('3306, 20-23,22')).toEqual([3306, 20, 21, 22, 23]);
  });

  it('expands all to every port', () => {
    const all = parsePorts('all');
    expect(all).toHaveLength(65535);
    expect(all[65534]).toBe(65535);
  });

  it.each(['0', '70000', '10-5', 'http', '1,,2'])('rejects %s with the input quoted', (spec) => {
    expect(() => parsePorts(spec)).toThrow(`in "${spec}"`);
  });

  it('extends past the top 1000 with the remaining ports', () => {
    const ports = topPorts(1500);
    expect(ports).toHaveLength(1500);
    expect(new Set(ports).size).toBe(1500);
  });

  it('writes ports back as sorted ranges that parse to the same set', () => {
    const ports = [3306, 80, 22, 81, 82, 443, 21, 80];
    expect(formatPorts(ports)).toBe('21-22,80-82,443,3306');
    expect(parsePorts(formatPorts(ports)).sort((a, b) => a - b)).toEqual(
      [...new Set(ports)].sort((a, b) => a - b),
    );
    expect(formatPorts(parsePorts('all'))).toBe('1-65535');
    expect(formatPorts([])).toBe('');
  });
});

describe('portSpecError', () => {
  it('accepts the grammar and quotes the bad part of anything else', () => {
    for (const spec of ['22', '22,80-90', 'top100', 'ALL', ' 6390 , 11299 ']) {
      expect(portSpecError(spec)).toBeNull();
    }
    expect(portSpecError('22,redis')).toBe('Invalid port specification "redis" in "22,redis"');
    expect(portSpecError('top0')).toContain('Top ports must be between 1 and 65535');
  });
});
