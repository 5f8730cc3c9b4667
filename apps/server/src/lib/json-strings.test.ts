import { describe, expect, it } from 'vitest';
import { countingTurns } from '../../test/event-loop.ts';
import { parseJsonStrings } from './json-strings.ts';

const parse = (text: string) => parseJsonStrings(Buffer.from(text));

describe('parseJsonStrings', () => {
  it('reads what JSON.parse reads from an object of strings, escapes and all', async () => {
    const value = {
      scan_name: 'Imported é 漢 \u{1F680}',
      xml: '<a b="c">\\ \n\t\r\u0001 \u2028 </a>',
      '': '',
    };
    for (const text of [JSON.stringify(value), JSON.stringify(value, null, 2), '  {}  ']) {
      expect(await parse(text)).toEqual(JSON.parse(text));
    }
    expect(await parse('{"a":"\\ud83d\\ude80\\u00E9\\/"}')).toEqual({ a: '\u{1F680}é/' });
  });

  it('keeps escapes and multi-byte characters whole across slices of a long string', async () => {
    const xml = `${'x'.repeat(64 * 1024 - 3)}\\u00e9${'\\"'.repeat(200_000)}漢\u{1F680}`.repeat(3);
    const text = `{"xml":"${xml}"}`;
    expect(await parse(text)).toEqual(JSON.parse(text));
    // 65,536 bytes is no multiple of 3 or 4: slices of the body split these characters.
    const wide = { xml: `${'漢'.repeat(100_000)}${'\u{1F680}'.repeat(50_000)}` };
    expect(await parse(JSON.stringify(wide))).toEqual(wide);
  });

  it('cannot set the prototype through a "__proto__" key', async () => {
    const parsed = await parse('{"__proto__":"x","a":"1","a":"2"}');
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(parsed.a).toBe('2');
  });

  it('refuses malformed JSON and values that are not strings with a 400', async () => {
    for (const text of [
      '',
      '[]',
      '{"a":1}',
      '{"a":"b"',
      '{"a":"b\\"}',
      '{"a":"\\x"}',
      '{"a":"\u0001"}',
      '{"a":"b",}',
      '{"a":"b"} x',
      '{"a" "b"}',
      '{"a":"\\u12"}',
    ]) {
      await expect(parse(text), text).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/^Malformed JSON in request body: /),
      });
    }
  });

  it('lets the event loop turn while it reads 20 MB', async () => {
    const text = JSON.stringify({ xml: '"<host>"'.repeat(1_250_000) });
    const { result: parsed, turns } = await countingTurns(() => parse(text));
    expect(parsed.xml).toHaveLength(10_000_000);
    expect(turns).toBeGreaterThanOrEqual(Math.floor((2 * text.length) / (64 * 1024)) - 2);
  });
});
