import type net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../../scripts/testing/current.ts';
import { type Peer, startTcpPeer } from '../../testing/peers.ts';
import { probeDnsTcp } from './dns.ts';

/** Answers one DNS-over-TCP query: echoes id and question, with a CHAOS TXT answer if given. */
function dnsReply(query: Buffer, txt?: string): Buffer {
  const header = Buffer.from(query.subarray(0, 12));
  header[2] = 0x84; // QR, AA, opcode QUERY
  header[3] = txt === undefined ? 5 : 0; // REFUSED when there is nothing to say
  header.writeUInt16BE(txt === undefined ? 0 : 1, 6);
  const question = query.subarray(12);
  const answer =
    txt === undefined
      ? Buffer.alloc(0)
      : Buffer.concat([
          Buffer.from([0xc0, 12, 0, 16, 0, 3, 0, 0, 0, 0, 0, txt.length + 1, txt.length]),
          Buffer.from(txt, 'latin1'),
        ]);
  const msg = Buffer.concat([header, question, answer]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(msg.length);
  return Buffer.concat([length, msg]);
}

/** A DNS server over TCP that reads the length-prefixed query and writes the reply in two parts. */
function dnsServer(txt?: string) {
  return (socket: net.Socket) => {
    let buf = Buffer.alloc(0);
    socket.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (buf.length < 2 || buf.length < buf.readUInt16BE(0) + 2) return;
      const reply = dnsReply(buf.subarray(2, 2 + buf.readUInt16BE(0)), txt);
      socket.write(reply.subarray(0, 7));
      setTimeout(() => socket.end(reply.subarray(7)), 20);
    });
  };
}

// The peers' addresses, in the file's block.
const block = testResources();

let peer: Peer;
afterEach(() => peer.close());

const endpoint = () => ({ host: peer.host, port: peer.port, timeoutMs: 1500 });

describe('probeDnsTcp', () => {
  it('names a DNS server and reads its version.bind answer', async () => {
    peer = await startTcpPeer(block.host(3), dnsServer('9.18.24-1ubuntu1'));
    expect(await probeDnsTcp(endpoint())).toMatchObject({
      name: 'domain',
      product: 'BIND',
      version: '9.18.24',
      cpe: expect.stringContaining('bind:9.18.24'),
      extra: { version_bind: '9.18.24-1ubuntu1' },
    });
  });

  it('still names a DNS server that refuses version.bind, without a version', async () => {
    peer = await startTcpPeer(block.host(4), dnsServer());
    const service = await probeDnsTcp(endpoint());
    expect(service).toMatchObject({ name: 'domain' });
    expect(service?.version).toBeUndefined();
  });

  it('returns null for a peer that does not speak DNS', async () => {
    peer = await startTcpPeer(block.host(5), (s) => s.end('SSH-2.0-OpenSSH_9.6\r\n'));
    expect(await probeDnsTcp(endpoint())).toBeNull();
  });
});
