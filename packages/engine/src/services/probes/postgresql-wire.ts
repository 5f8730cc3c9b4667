// PostgreSQL frontend/backend protocol pieces the service probe needs (protocol 3, see
// https://www.postgresql.org/docs/current/protocol-message-formats.html).

/** Protocol 3.0; a major version the server does not speak makes it answer with an error. */
export const PROTOCOL_3_0 = 3 << 16;

/** A StartupMessage for the given protocol version and parameters. */
export function startupMessage(protocol: number, params: Record<string, string>): Buffer {
  const pairs = Object.entries(params).flat();
  const body = Buffer.from(`${pairs.join('\0')}\0\0`, 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.writeUInt32BE(protocol, 4);
  return Buffer.concat([head, body]);
}

/** Terminate: ends a session politely. */
export const TERMINATE = Buffer.from([0x58, 0, 0, 0, 4]);

export type BackendMessage = { type: string; body: Buffer };

/**
 * The complete backend messages at the start of `data`. Stops at the first byte that cannot
 * start a message (a type letter and a length from 4 to 64 KiB): not PostgreSQL, or truncated.
 */
export function readMessages(data: Buffer): BackendMessage[] {
  const messages: BackendMessage[] = [];
  let at = 0;
  while (at + 5 <= data.length) {
    const type = String.fromCharCode(data[at]!);
    const length = data.readUInt32BE(at + 1);
    if (!/[A-Za-z]/.test(type) || length < 4 || length > 65_536) break;
    if (at + 1 + length > data.length) break;
    messages.push({ type, body: data.subarray(at + 5, at + 1 + length) });
    at += 1 + length;
  }
  return messages;
}

/** The fields of an ErrorResponse or NoticeResponse, by their one-letter codes (S, C, M, F...). */
export function errorFields(body: Buffer): Record<string, string> {
  const fields: Record<string, string> = {};
  let at = 0;
  while (at < body.length && body[at] !== 0) {
    const end = body.indexOf(0, at + 1);
    if (end < 0) break;
    fields[String.fromCharCode(body[at]!)] = body.toString('utf8', at + 1, end);
    at = end + 1;
  }
  return fields;
}

/** A ParameterStatus message's name and value. */
export function parameterStatus(body: Buffer): [string, string] {
  const [name = '', value = ''] = body.toString('utf8').split('\0');
  return [name, value];
}
