// An independent LEEF 2.0 attribute parser for the tests (written from the LEEF 2.0 rules, not
// from formats/leef.ts): split on the delimiter, the key runs to the first `=`, then undo the
// escapes `\\`, `\t`, `\n`, `\r`.
const UNESCAPE: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };

/** `delimiter` as written in the header: one character, or its hex code as `xHH` / `0xHH`. */
export function leefDelimiter(header: string): string {
  const hex = /^(?:0?x)([0-9a-f]{2})$/i.exec(header);
  return hex ? String.fromCharCode(Number.parseInt(hex[1]!, 16)) : header;
}

export function parseLeefAttributes(text: string, delimiter: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of text.split(delimiter)) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`LEEF attribute without a key: ${JSON.stringify(pair)}`);
    const key = pair.slice(0, eq);
    if (key in result) throw new Error(`LEEF attribute ${key} appears twice`);
    result[key] = pair.slice(eq + 1).replace(/\\(.)/g, (whole, c: string) => {
      const plain = UNESCAPE[c];
      if (plain === undefined) throw new Error(`unknown LEEF escape ${whole}`);
      return plain;
    });
  }
  return result;
}
