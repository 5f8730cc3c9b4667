import { describe, expect, it } from 'vitest';
import { countAddresses } from './count.ts';

describe('countAddresses', () => {
  it('counts the addresses of ranges and blocks, each address once', () => {
    expect(countAddresses(['127.0.0.1-2'])).toBe(2);
    expect(countAddresses(['127.0.0.1-2', '127.0.0.2', '127.0.0.0/30'])).toBe(4);
    expect(countAddresses(['127.0.0.1', '127.0.0.9'])).toBe(2);
  });

  it('counts each hostname once and ignores what is no target', () => {
    expect(
      countAddresses(['db.example.test', 'DB.example.test', '127.0.0.1', 'not a target']),
    ).toBe(2);
    expect(countAddresses([])).toBe(0);
  });
});
