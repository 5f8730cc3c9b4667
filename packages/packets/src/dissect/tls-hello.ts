// TLS Client Hello and Server Hello bodies: the offered/chosen version, cipher suite, SNI and
// supported_versions extension.
import type { TPacketField } from '@netguard/contracts';
import { be16, latin1 } from './bytes.ts';
import { field } from './state.ts';

const EXT_SERVER_NAME = 0;
const EXT_ALPN = 16;
const EXT_SUPPORTED_VERSIONS = 43;

export type Hello = { version: number; serverName: string | null; selectedVersion: number | null };

/** Reads a Client Hello (`client`) or Server Hello body in [at, end); null when cut short. */
export function readHello(
  b: Uint8Array,
  at: number,
  end: number,
  client: boolean,
  fields: TPacketField[],
): Hello | null {
  if (end - at < 35) return null;
  const version = be16(b, at);
  fields.push(field('tls.handshake.version', 'Version', version));
  let offset = at + 34;
  offset += 1 + b[offset]!; // session id
  if (offset + 2 > end) return null;
  if (client) {
    offset += 2 + be16(b, offset); // cipher suites
    if (offset + 1 > end) return null;
    offset += 1 + b[offset]!; // compression methods
  } else {
    fields.push(field('tls.handshake.ciphersuite', 'Cipher Suite', be16(b, offset)));
    offset += 3; // cipher suite, compression method
  }
  const hello: Hello = { version, serverName: null, selectedVersion: null };
  if (offset + 2 > end) return hello;
  const extensionsEnd = Math.min(end, offset + 2 + be16(b, offset));
  offset += 2;
  while (offset + 4 <= extensionsEnd) {
    const type = be16(b, offset);
    const length = be16(b, offset + 2);
    const body = offset + 4;
    if (body + length > extensionsEnd) return null;
    fields.push(field('tls.handshake.extension.type', 'Extension Type', type));
    if (type === EXT_SERVER_NAME && client) readServerName(b, body, body + length, hello, fields);
    else if (type === EXT_SUPPORTED_VERSIONS) readVersions(b, body, length, client, hello, fields);
    else if (type === EXT_ALPN) readAlpn(b, body, body + length, fields);
    offset = body + length;
  }
  return hello;
}

function readServerName(
  b: Uint8Array,
  at: number,
  end: number,
  hello: Hello,
  fields: TPacketField[],
) {
  // server_name_list: 2-byte length, then entries of type (0 = host_name), 2-byte length, name.
  let offset = at + 2;
  while (offset + 3 <= end) {
    const length = be16(b, offset + 1);
    if (offset + 3 + length > end) return;
    if (b[offset] === 0 && hello.serverName === null) {
      hello.serverName = latin1(b, offset + 3, offset + 3 + length);
      fields.push(field('tls.handshake.extensions_server_name', 'Server Name', hello.serverName));
    }
    offset += 3 + length;
  }
}

function readVersions(
  b: Uint8Array,
  at: number,
  length: number,
  client: boolean,
  hello: Hello,
  fields: TPacketField[],
) {
  if (!client) {
    if (length !== 2) return;
    hello.selectedVersion = be16(b, at);
    fields.push(
      field(
        'tls.handshake.extensions.supported_version',
        'Supported Version',
        hello.selectedVersion,
      ),
    );
    return;
  }
  const end = Math.min(at + length, at + 1 + b[at]!);
  for (let offset = at + 1; offset + 2 <= end; offset += 2)
    fields.push(
      field('tls.handshake.extensions.supported_version', 'Supported Version', be16(b, offset)),
    );
}

function readAlpn(b: Uint8Array, at: number, end: number, fields: TPacketField[]) {
  for (let offset = at + 2; offset < end; ) {
    const length = b[offset]!;
    if (offset + 1 + length > end) return;
    fields.push(
      field(
        'tls.handshake.extensions_alpn_str',
        'ALPN Next Protocol',
        latin1(b, offset + 1, offset + 1 + length),
      ),
    );
    offset += 1 + length;
  }
}
