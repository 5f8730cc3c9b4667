/** One line of the Payload tab: 16 bytes as offset, hex and ASCII. */
export type THexRow = { offset: string; hex: string; ascii: string };

export const HEX_ROW_BYTES = 16;

/** Printable ASCII stays; everything else shows as a dot, as hex editors do. */
function asciiOf(byte: number): string {
  return byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.';
}

/**
 * Splits a hex string into rows of 16 bytes with a 4-digit hex offset, the hex bytes (an extra
 * space after the eighth) and their ASCII; a trailing odd nibble or non-hex text is ignored.
 * @example hexDumpRows('4869')[0] // { offset: '0000', hex: '48 69', ascii: 'Hi' }
 */
export function hexDumpRows(hex: string): THexRow[] {
  const clean = /^[0-9a-f]*$/i.test(hex) ? hex : '';
  const bytes: number[] = [];
  for (let i = 0; i + 1 < clean.length; i += 2)
    bytes.push(Number.parseInt(clean.slice(i, i + 2), 16));
  const rows: THexRow[] = [];
  for (let start = 0; start < bytes.length; start += HEX_ROW_BYTES) {
    const chunk = bytes.slice(start, start + HEX_ROW_BYTES);
    const pairs = chunk.map((b) => b.toString(16).padStart(2, '0'));
    const hexText = [pairs.slice(0, 8).join(' '), pairs.slice(8).join(' ')]
      .filter(Boolean)
      .join('  ');
    rows.push({
      offset: start.toString(16).padStart(4, '0'),
      hex: hexText,
      ascii: chunk.map(asciiOf).join(''),
    });
  }
  return rows;
}
