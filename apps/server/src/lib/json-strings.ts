import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { AppError } from './errors.ts';

/** Characters decoded or scanned between two turns of the event loop. */
const SLICE = 64 * 1024;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const malformed = (detail: string) =>
  new AppError('bad_request', 400, `Malformed JSON in request body: ${detail}`);

function unescapeJson(content: string): string {
  try {
    return JSON.parse(`"${content}"`) as string;
  } catch {
    throw malformed('bad escape or control character in a string');
  }
}

/** Decodes UTF-8 a slice at a time (a character split between slices is kept whole). */
async function decodeInSlices(body: Buffer): Promise<string> {
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for (let at = 0; at < body.length; at += SLICE) {
    parts.push(decoder.decode(body.subarray(at, at + SLICE), { stream: true }));
    await yieldToEventLoop();
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/**
 * Parses a JSON object whose values are all strings, as a megabytes-long upload is sent, without
 * one long JSON.parse: string values are decoded a slice at a time, yielding between slices.
 * @example await parseJsonStrings(Buffer.from('{"a":"\\u00e9"}')) // { a: 'é' }
 */
export async function parseJsonStrings(body: Buffer): Promise<Record<string, string>> {
  const text = await decodeInSlices(body);
  let at = 0;
  const skipSpace = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const expect = (char: string) => {
    skipSpace();
    if (text[at] !== char) throw malformed(`expected ${char} at position ${at}`);
    at++;
  };

  /** The JSON string at `at`, unescaped by JSON.parse a slice at a time. */
  async function readString(): Promise<string> {
    expect('"');
    const parts: string[] = [];
    let start = at;
    for (;;) {
      const end = Math.min(text.length, at + SLICE);
      while (at < end) {
        const code = text.charCodeAt(at);
        if (code === QUOTE) break;
        // An escape is never split between two slices: skip it whole (\uXXXX is 6 characters).
        at += code === BACKSLASH ? (text[at + 1] === 'u' ? 6 : 2) : 1;
      }
      if (at > text.length) throw malformed('unterminated string');
      parts.push(unescapeJson(text.slice(start, at)));
      start = at;
      if (text.charCodeAt(at) === QUOTE) break;
      if (at >= text.length) throw malformed('unterminated string');
      await yieldToEventLoop();
    }
    at++;
    return parts.join('');
  }

  const entries: [string, string][] = [];
  expect('{');
  skipSpace();
  if (text[at] === '}') at++;
  else {
    for (;;) {
      const key = await readString();
      expect(':');
      skipSpace();
      if (text[at] !== '"') throw malformed(`the value of "${key.slice(0, 40)}" must be a string`);
      entries.push([key, await readString()]);
      skipSpace();
      if (text[at] === ',') at++;
      else break;
    }
    expect('}');
  }
  skipSpace();
  if (at !== text.length) throw malformed(`unexpected text at position ${at}`);
  // fromEntries defines own properties: a "__proto__" key cannot reach the prototype.
  return Object.fromEntries(entries);
}
