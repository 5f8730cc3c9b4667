import { describe, expect, it } from 'vitest';
import { exposureOfAddress } from './exposure.ts';

describe('exposureOfAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['localhost', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'internal'],
    ['172.16.0.1', 'internal'],
    ['172.31.255.255', 'internal'],
    ['172.32.0.1', 'external'],
    ['192.168.1.10', 'internal'],
    ['100.64.0.1', 'internal'],
    ['169.254.1.1', 'internal'],
    ['fd00::1', 'internal'],
    ['fe80::1', 'internal'],
    ['::ffff:10.0.0.1', 'internal'],
    ['198.51.100.7', 'external'],
    ['2001:db8::1', 'external'],
    ['db.example.com', null],
  ])('%s -> %s', (host, expected) => {
    expect(exposureOfAddress(host)).toBe(expected);
  });
});
