// Tokens of a Wireshark-style display filter. Positions are 1-based character columns, so an
// error can point at the spot a person sees in the filter box.

export type FilterToken =
  | { kind: 'word'; text: string; pos: number }
  | { kind: 'string'; text: string; pos: number }
  | { kind: 'symbol'; text: string; pos: number };

/** A filter the lexer or parser rejects; `pos` is the 1-based column of the problem. */
export class FilterSyntaxError extends Error {
  readonly pos: number;
  constructor(message: string, pos: number) {
    super(message);
    this.pos = pos;
  }
}

// Longest first, so '==' wins over '=' and '&&' is never read as two tokens.
const SYMBOLS = ['==', '!=', '~=', '>=', '<=', '&&', '||', '>', '<', '!', '(', ')', '{', '}', ','];

// Letters, digits and the characters of field names, numbers, IPv4/IPv6/MAC addresses and CIDRs.
const isWordChar = (c: number) =>
  (c >= 48 && c <= 58) || // 0-9 and ':'
  (c >= 65 && c <= 90) ||
  (c >= 97 && c <= 122) ||
  c === 95 || // _
  c === 46 || // .
  c === 45 || // -
  c === 47; // /

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  '"': '"',
  "'": "'",
};

function readString(text: string, start: number): { value: string; end: number } {
  const quote = text[start];
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === quote) return { value, end: i + 1 };
    if (c === '\\') {
      const next = text[i + 1];
      if (next === 'x' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 2, i + 4))) {
        value += String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 4), 16));
        i += 4;
        continue;
      }
      const escaped = next === undefined ? undefined : ESCAPES[next];
      if (escaped === undefined)
        throw new FilterSyntaxError(`unknown escape '\\${next ?? ''}' in a string`, i + 1);
      value += escaped;
      i += 2;
      continue;
    }
    value += c;
    i++;
  }
  throw new FilterSyntaxError('unterminated string (a closing quote is missing)', start + 1);
}

/** Splits a display filter into words, quoted strings and operator symbols. */
export function tokenizeFilter(text: string): FilterToken[] {
  const tokens: FilterToken[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9 || code === 10 || code === 13) {
      i++;
      continue;
    }
    if (code === 34 || code === 39) {
      const { value, end } = readString(text, i);
      tokens.push({ kind: 'string', text: value, pos: i + 1 });
      i = end;
      continue;
    }
    if (isWordChar(code)) {
      const start = i;
      while (i < text.length && isWordChar(text.charCodeAt(i))) i++;
      tokens.push({ kind: 'word', text: text.slice(start, i), pos: start + 1 });
      continue;
    }
    const symbol = SYMBOLS.find((s) => text.startsWith(s, i));
    if (symbol) {
      tokens.push({ kind: 'symbol', text: symbol, pos: i + 1 });
      i += symbol.length;
      continue;
    }
    const c = text[i]!;
    const hint = c === '=' ? " (use '==' to compare)" : c === '&' ? " (use '&&' or 'and')" : '';
    throw new FilterSyntaxError(
      c === '|' ? "unexpected '|' (use '||' or 'or')" : `unexpected '${c}'${hint}`,
      i + 1,
    );
  }
  return tokens;
}
