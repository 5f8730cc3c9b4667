import { describe, expect, it } from 'vitest';
import { bytes, ethernet, frameOf, ipv4, tcp, u32 } from '../testing/frame-builder.ts';
import { fieldValue, fieldValues } from '../testing/packet-fields.ts';
import { createDissectContext, type DissectContext, dissectFrame } from './index.ts';

type End = [string, number];

function segment(from: End, to: End, payload: Uint8Array | string, context?: DissectContext) {
  const frame = frameOf(
    ethernet(
      '02:00:00:00:00:01',
      '02:00:00:00:00:02',
      0x0800,
      ipv4(from[0], to[0], 6, tcp(from[1], to[1], { flags: 0x18 }, payload)),
    ),
  );
  return dissectFrame(frame, { context });
}

// An SSH binary packet in the clear: length, padding length, message code, body, padding.
const plain = (code: number, body = 8) =>
  bytes(u32(1 + 1 + body + 4), [4, code], new Uint8Array(body), new Uint8Array(4));

describe('SSH', () => {
  const client: End = ['127.0.0.1', 40000];
  const server: End = ['127.0.0.4', 22];

  it('shows banners, key exchange messages and then encrypted packets, by direction', () => {
    const context = createDissectContext();
    const first = segment(client, server, 'SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3\r\n', context);
    expect([first.protocol, first.info]).toEqual([
      'SSH',
      'Client: Protocol (SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3)',
    ]);
    expect(fieldValue(first, 'ssh.protocol')).toBe('SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3');
    const banner = segment(server, client, 'SSH-2.0-OpenSSH_9.2p1\r\n', context);
    expect([banner.protocol, banner.info]).toEqual([
      'SSHv2',
      'Server: Protocol (SSH-2.0-OpenSSH_9.2p1)',
    ]);
    expect(segment(client, server, plain(20, 100), context).info).toBe('Client: Key Exchange Init');
    // The reply, New Keys and, under the new keys, more bytes in one segment.
    const reply = segment(
      server,
      client,
      bytes(plain(31, 60), plain(21, 0), new Uint8Array(44).fill(0xee)),
      context,
    );
    expect(reply.info).toBe('Server: Diffie-Hellman Key Exchange Reply, New Keys');
    expect(fieldValues(reply, 'ssh.message_code')).toEqual([31, 21]);
    expect(segment(server, client, plain(5, 12), context).info).toBe(
      'Server: Encrypted packet (len=22)',
    );
  });

  it('without a context tells encrypted packets from their framing', () => {
    expect(segment(client, server, plain(21, 0)).info).toBe('Client: New Keys');
    expect(segment(client, server, new Uint8Array(44).fill(0xab)).info).toBe(
      'Client: Encrypted packet (len=44)',
    );
  });

  it('finds a banner on any port, the lower port being the server', () => {
    const packet = segment(['127.0.0.4', 2222], client, 'SSH-2.0-dropbear\r\n');
    expect(packet.info).toBe('Server: Protocol (SSH-2.0-dropbear)');
  });
});

describe('FTP', () => {
  const client: End = ['127.0.0.1', 40000];
  const server: End = ['127.0.0.5', 2121];

  it('finds FTP by its greeting and reads requests and responses', () => {
    const context = createDissectContext();
    const greeting = segment(server, client, '220 (vsFTPd 3.0.3)\r\n', context);
    expect([greeting.protocol, greeting.info]).toEqual(['FTP', 'Response: 220 (vsFTPd 3.0.3)']);
    expect(fieldValue(greeting, 'ftp.response.code')).toBe(220);
    const user = segment(client, server, 'USER anonymous\r\n', context);
    expect(user.info).toBe('Request: USER anonymous');
    expect(fieldValue(user, 'ftp.request.command')).toBe('USER');
    expect(fieldValue(user, 'ftp.request.arg')).toBe('anonymous');
    // Without the greeting seen, a request on a port that is not 21 is plain TCP.
    expect(segment(client, server, 'USER anonymous\r\n').protocol).toBe('TCP');
    expect(segment(client, ['127.0.0.5', 21], 'USER anonymous\r\n').protocol).toBe('FTP');
  });

  it('shows the data connection an EPSV or PASV reply announced as FTP-DATA', () => {
    const context = createDissectContext();
    segment(server, client, '220 FTP server ready\r\n', context);
    const epsv = segment(
      server,
      client,
      '229 Entering Extended Passive Mode (|||50001|)\r\n',
      context,
    );
    expect(fieldValue(epsv, 'ftp.passive.port')).toBe(50001);
    segment(client, server, 'RETR hello.txt\r\n', context);
    const data = segment(['127.0.0.5', 50001], ['127.0.0.1', 40002], 'hello\n', context);
    expect([data.protocol, data.info]).toEqual([
      'FTP-DATA',
      'FTP Data: 6 bytes (EPASV) (RETR hello.txt)',
    ]);
    segment(server, client, '227 Entering Passive Mode (127,0,0,5,195,82).\r\n', context);
    const passive = segment(['127.0.0.1', 40003], ['127.0.0.5', 50002], 'x', context);
    expect(passive.protocol).toBe('FTP-DATA');
    expect(passive.info).toBe('FTP Data: 1 bytes (PASV)');
  });
});
