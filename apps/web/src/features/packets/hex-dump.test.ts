import { describe, expect, it } from 'vitest';
import { hexDumpRows } from '@/features/packets/hex-dump';

describe('hexDumpRows', () => {
  it('makes rows of 16 bytes with hex offsets and ASCII beside', () => {
    const text = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n';
    const hex = Buffer.from(text).toString('hex');
    const rows = hexDumpRows(hex);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.offset)).toEqual(['0000', '0010', '0020']);
    expect(rows[0]).toEqual({
      offset: '0000',
      hex: '47 45 54 20 2f 20 48 54  54 50 2f 31 2e 31 0d 0a',
      ascii: 'GET / HTTP/1.1..',
    });
    expect(rows[1]?.ascii).toBe('Host: 127.0.0.1.');
    expect(rows[2]).toEqual({ offset: '0020', hex: '0a', ascii: '.' });
  });

  it('shows bytes outside printable ASCII as dots', () => {
    expect(hexDumpRows('00417f80ff')[0]?.ascii).toBe('.A...');
  });

  it('shows nothing for an empty or non-hex payload', () => {
    expect(hexDumpRows('')).toEqual([]);
    expect(hexDumpRows('zz41')).toEqual([]);
  });

  it('counts offsets past 0xff in hex', () => {
    const rows = hexDumpRows('00'.repeat(300));
    expect(rows).toHaveLength(19);
    expect(rows[16]?.offset).toBe('0100');
    expect(rows[18]?.hex.match(/[0-9a-f]{2}/g)).toHaveLength(12);
  });
});
