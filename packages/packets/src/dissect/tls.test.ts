import { describe, expect, it } from 'vitest';
import { bytes, ethernet, frameOf, ipv4, tcp, u16 } from '../testing/frame-builder.ts';
import { fieldValue, fieldValues } from '../testing/packet-fields.ts';
import { createDissectContext, type DissectContext, dissectFrame } from './index.ts';

const record = (type: number, version: number, body: Uint8Array) =>
  bytes([type], u16(version), u16(body.length), body);
const handshake = (type: number, body: Uint8Array) => bytes([type, 0], u16(body.length), body);
const extension = (type: number, body: Uint8Array) => bytes(u16(type), u16(body.length), body);

function clientHello(serverName: string): Uint8Array {
  const sni = extension(
    0,
    bytes(u16(serverName.length + 3), [0], u16(serverName.length), serverName),
  );
  const versions = extension(43, bytes([4], u16(0x0304), u16(0x0303)));
  const extensions = bytes(sni, versions);
  const body = bytes(
    u16(0x0303),
    new Uint8Array(32),
    [0],
    u16(2),
    u16(0x1301),
    [1, 0],
    u16(extensions.length),
    extensions,
  );
  return record(22, 0x0301, handshake(1, body));
}

function serverHello(selected: number | null): Uint8Array {
  const extensions = selected ? extension(43, bytes(u16(selected))) : new Uint8Array(0);
  const body = bytes(
    u16(0x0303),
    new Uint8Array(32),
    [0],
    u16(0x1301),
    [0],
    u16(extensions.length),
    extensions,
  );
  return record(22, 0x0303, handshake(2, body));
}

const appData = record(23, 0x0303, new Uint8Array(40).fill(7));
const ccs = record(20, 0x0303, bytes([1]));

// Port 443, where records are TLS even without a Client Hello seen.
function segment(fromClient: boolean, payload: Uint8Array, context?: DissectContext, port = 443) {
  const [src, dst, sport, dport] = fromClient
    ? ['127.0.0.1', '127.0.0.3', 51000, port]
    : ['127.0.0.3', '127.0.0.1', port, 51000];
  const frame = frameOf(
    ethernet(
      '02:00:00:00:00:01',
      '02:00:00:00:00:02',
      0x0800,
      ipv4(src, dst, 6, tcp(sport, dport, { flags: 0x18 }, payload)),
    ),
  );
  return dissectFrame(frame, { context });
}

describe('TLS', () => {
  it('finds a Client Hello on any port and reads its SNI and offered versions', () => {
    const packet = segment(true, clientHello('localhost'), undefined, 4433);
    expect([packet.protocol, packet.info]).toEqual(['TLSv1', 'Client Hello (SNI=localhost)']);
    expect(segment(true, appData, undefined, 4433).protocol).toBe('TCP');
    expect(fieldValue(packet, 'tls.handshake.extensions_server_name')).toBe('localhost');
    expect(fieldValues(packet, 'tls.handshake.extensions.supported_version')).toEqual([
      0x0304, 0x0303,
    ]);
    expect(fieldValue(packet, 'tls.handshake.type')).toBe(1);
  });

  it('names the version a Server Hello chose, and with a context keeps it for the session', () => {
    const context = createDissectContext();
    segment(true, clientHello('localhost'), context);
    const hello = segment(false, bytes(serverHello(0x0304), ccs, appData), context);
    expect([hello.protocol, hello.info]).toEqual([
      'TLSv1.3',
      'Server Hello, Change Cipher Spec, Application Data',
    ]);
    expect(segment(true, appData, context).protocol).toBe('TLSv1.3');
    // Without the session, an application data record only shows its record version.
    expect(segment(true, appData).protocol).toBe('TLSv1.2');
    expect(segment(false, serverHello(null)).protocol).toBe('TLSv1.2');
  });

  it('calls handshake and alert records after Change Cipher Spec encrypted', () => {
    const finished = record(22, 0x0303, new Uint8Array(40).fill(0x5a));
    const packet = segment(
      true,
      bytes(record(22, 0x0303, handshake(16, new Uint8Array(33))), ccs, finished),
    );
    expect(packet.info).toBe(
      'Client Key Exchange, Change Cipher Spec, Encrypted Handshake Message',
    );
    const context = createDissectContext();
    segment(false, serverHello(null), context);
    segment(false, ccs, context);
    expect(segment(false, record(21, 0x0303, new Uint8Array(26)), context).info).toBe(
      'Encrypted Alert',
    );
    expect(segment(false, record(21, 0x0303, bytes([2, 40]))).info).toBe(
      'Alert (Level: Fatal, Description: Handshake Failure)',
    );
  });

  it('lists a record it cannot read as unknown instead of failing', () => {
    const packet = segment(true, bytes(clientHello('a.test'), [0x99, 0x99, 0x99]));
    expect(packet.info).toBe('Client Hello (SNI=a.test), Ignored Unknown Record');
  });
});

describe('TLS records over several segments (with a context)', () => {
  it('names a record in the segment that completes it; segments inside it are TCP', () => {
    const context = createDissectContext();
    const big = record(23, 0x0303, new Uint8Array(3000).fill(1));
    const at = (seq: number, payload: Uint8Array) => {
      const frame = frameOf(
        ethernet(
          '02:00:00:00:00:01',
          '02:00:00:00:00:02',
          0x0800,
          ipv4('127.0.0.3', '127.0.0.1', 6, tcp(443, 51000, { seq, flags: 0x18 }, payload)),
        ),
      );
      return dissectFrame(frame, { context });
    };
    const first = at(1, bytes(appData, big.subarray(0, 1000)));
    expect([first.protocol, first.info]).toEqual(['TLSv1.2', 'Application Data']);
    const inside = at(1 + appData.length + 1000, big.subarray(1000, 2000));
    expect(inside.protocol).toBe('TCP');
    expect(inside.info).toMatch(/\[TCP segment of a reassembled PDU\]$/);
    const last = at(1 + appData.length + 2000, bytes(big.subarray(2000), appData));
    expect([last.protocol, last.info]).toEqual(['TLSv1.2', 'Application Data, Application Data']);
  });
});
