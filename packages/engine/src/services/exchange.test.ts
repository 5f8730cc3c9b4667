import { describe, expect, it } from 'vitest';
import { printable } from './exchange.ts';

describe('printable', () => {
  it('escapes control and high bytes of raw data and trims with an ellipsis', () => {
    expect(printable(Buffer.from([0x41, 0x0d, 0x0a, 0x00, 0xff, 0x42]))).toBe(
      'A\\x0d\\x0a\\x00\\xffB',
    );
    expect(printable(Buffer.from('abcdef'), 4)).toBe('abcd…');
  });

  it('passes text made printable once through unchanged', () => {
    const once = printable(Buffer.from('redis_version:7.0.15\r\nos:Linux'), 20);
    expect(printable(once, 1000)).toBe(once);
    expect(printable('tab\there, DEL\x7f, C1\x85, é ok')).toBe(
      'tab\\x09here, DEL\\x7f, C1\\x85, é ok',
    );
  });
});
