import { describe, expect, it } from 'vitest';
import {
  type IngressRule,
  isWorldSource,
  parsePortRange,
  rulesOpening,
  rulesOpeningAll,
} from './ports.ts';

const rule = (
  name: string,
  priority: number,
  allow: boolean,
  ranges: IngressRule['ranges'],
  appliesToAll = true,
): IngressRule => ({
  name,
  resourceId: `fw/${name}`,
  region: 'global',
  addresses: [],
  priority,
  allow,
  ranges,
  appliesToAll,
});

describe('port exposure', () => {
  it('reads the port ranges both providers write', () => {
    expect(parsePortRange('*')).toEqual([0, 65535]);
    expect(parsePortRange('22')).toEqual([22, 22]);
    expect(parsePortRange('1000 - 2000')).toEqual([1000, 2000]);
    expect(parsePortRange('ssh')).toBeUndefined();
  });

  it('knows the sources that mean the whole internet', () => {
    expect(['*', 'Internet', 'Any', '0.0.0.0/0', '::/0'].every(isWorldSource)).toBe(true);
    expect(isWorldSource('10.0.0.0/8')).toBe(false);
  });

  it('lets a stronger deny for every target close a port, but not a deny for some targets or a weaker one', () => {
    const allow = rule('allow-ssh', 200, true, [[22, 22]]);
    expect(rulesOpening([allow], 22)).toEqual([allow]);
    expect(rulesOpening([allow, rule('deny', 100, false, [[0, 1024]])], 22)).toEqual([]);
    expect(rulesOpening([allow, rule('deny-some', 100, false, [[22, 22]], false)], 22)).toEqual([
      allow,
    ]);
    expect(rulesOpening([allow, rule('deny-later', 300, false, [[22, 22]])], 22)).toEqual([allow]);
    expect(rulesOpening([allow], 23)).toEqual([]);
  });

  it('counts only full-range allows as "every port"', () => {
    const all = rule('all', 100, true, [[0, 65535]]);
    expect(rulesOpeningAll([all, rule('web', 100, true, [[1, 65000]])])).toEqual([all]);
    expect(rulesOpeningAll([all, rule('deny-all', 50, false, [[0, 65535]])])).toEqual([]);
  });
});
