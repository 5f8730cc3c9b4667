import { describe, expect, it } from 'vitest';
import { canonicalSha256, sha256Hex } from './hash.ts';
import { CanonicalizationError, canonicalize } from './jcs.ts';

/** The IEEE 754 double whose bits are `hex`. */
function double(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

describe('RFC 8785 canonical JSON', () => {
  it('serializes the numbers of RFC 8785 appendix B as it lists them', () => {
    const table: [string, string][] = [
      ['0000000000000000', '0'],
      ['8000000000000000', '0'],
      ['0000000000000001', '5e-324'],
      ['8000000000000001', '-5e-324'],
      ['7fefffffffffffff', '1.7976931348623157e+308'],
      ['ffefffffffffffff', '-1.7976931348623157e+308'],
      ['4340000000000000', '9007199254740992'],
      ['c340000000000000', '-9007199254740992'],
      ['4430000000000000', '295147905179352830000'],
      ['44b52d02c7e14af5', '9.999999999999997e+22'],
      ['44b52d02c7e14af6', '1e+23'],
      ['44b52d02c7e14af7', '1.0000000000000001e+23'],
      ['444b1ae4d6e2ef4e', '999999999999999700000'],
      ['444b1ae4d6e2ef4f', '999999999999999900000'],
      ['444b1ae4d6e2ef50', '1e+21'],
      ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
      ['3eb0c6f7a0b5ed8d', '0.000001'],
      ['41b3de4355555553', '333333333.3333332'],
      ['41b3de4355555554', '333333333.33333325'],
      ['41b3de4355555555', '333333333.3333333'],
      ['41b3de4355555556', '333333333.3333334'],
      ['41b3de4355555557', '333333333.33333343'],
      ['becbf647612f3696', '-0.0000033333333333333333'],
      ['43143ff3c1cb0959', '1424953923781206.2'],
    ];
    for (const [bits, text] of table) expect(canonicalize(double(bits)), bits).toBe(text);
  });

  it('refuses NaN and Infinity (appendix B: 7fffffffffffffff, 7ff0000000000000)', () => {
    expect(() => canonicalize(double('7fffffffffffffff'))).toThrow(CanonicalizationError);
    expect(() => canonicalize({ x: double('7ff0000000000000') })).toThrow(/\$\.x: Infinity/);
  });

  it('reproduces the example of section 3.2.2', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",' +
        ' "literals": [null, true, false]}',
    );
    expect(canonicalize(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts keys by UTF-16 code units as in section 3.2.3 (emoji surrogates before U+FB33)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    // (Object.values would not do: JavaScript lists the integer-like key "1" first.)
    const keys = [...canonicalize(input).matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((m) => m[1]);
    expect(keys).toEqual(['\\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33']);
    // A code-point sort would put the emoji (U+1F600) last.
    expect(canonicalize(input).indexOf('\ud83d')).toBeLessThan(
      canonicalize(input).indexOf('\ufb33'),
    );
  });

  it('nests, drops undefined members and refuses what is not I-JSON', () => {
    expect(canonicalize({ z: { b: [1, { d: 0, c: -0 }], a: undefined }, y: '' })).toBe(
      '{"y":"","z":{"b":[1,{"c":0,"d":0}]}}',
    );
    expect(() => canonicalize({ s: 'a\ud800' })).toThrow(/lone surrogate/);
    expect(() => canonicalize({ d: new Date(0) })).toThrow(/plain objects/);
    expect(() => canonicalize([1n])).toThrow(/bigint/);
  });

  it('hashes the canonical bytes, so key order and spacing do not change the hash', () => {
    const a = canonicalSha256(JSON.parse('{ "b": 2, "a": [1, 2.50] }'));
    expect(a).toBe(canonicalSha256({ a: [1, 2.5], b: 2 }));
    expect(a).toBe(sha256Hex('{"a":[1,2.5],"b":2}'));
    expect(a).not.toBe(canonicalSha256({ a: [1, 2.5], b: 3 }));
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
