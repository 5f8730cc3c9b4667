import dgram from 'node:dgram';
import { children, integer, TAG, tlv } from '../udp/ber.ts';

/** A UDP server on a loopback address; `port` is the bound port. */
export type UdpPeer = { host: string; port: number; received: Buffer[]; close(): Promise<void> };

/** Starts a UDP server on 127.0.0.x answering each datagram with reply(msg), or not at all. */
export async function startUdpPeer(
  host: string,
  reply: (msg: Buffer) => Buffer | null,
  port = 0,
): Promise<UdpPeer> {
  const socket = dgram.createSocket('udp4');
  const received: Buffer[] = [];
  socket.on('message', (msg, from) => {
    received.push(msg);
    const answer = reply(msg);
    if (answer) socket.send(answer, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, host, () => resolve());
  });
  return {
    host,
    port: socket.address().port,
    received,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

/** A DNS server answering version.bind CH TXT with `version`, and REFUSED to anything else. */
export function startDnsPeer(host: string, version: string, port = 0): Promise<UdpPeer> {
  return startUdpPeer(
    host,
    (q) => {
      if (q.length < 12) return null;
      const question = q.subarray(12);
      const isVersionBind = question
        .toString('latin1')
        .toLowerCase()
        .includes('\x07version\x04bind');
      const header = Buffer.from([
        q[0]!,
        q[1]!,
        0x84,
        isVersionBind ? 0 : 5,
        0,
        1,
        0,
        isVersionBind ? 1 : 0,
        0,
        0,
        0,
        0,
      ]);
      if (!isVersionBind) return Buffer.concat([header, question]);
      const txt = Buffer.from(version);
      const answer = Buffer.concat([
        Buffer.from([0xc0, 12, 0, 16, 0, 3, 0, 0, 0, 0, 0, txt.length + 1, txt.length]),
        txt,
      ]);
      return Buffer.concat([header, question, answer]);
    },
    port,
  );
}

/** An NTP server at the given stratum: mode 4 replies echoing the client's transmit time. */
export function startNtpPeer(host: string, stratum = 2, port = 0): Promise<UdpPeer> {
  return startUdpPeer(
    host,
    (q) => {
      if (q.length < 48 || (q[0]! & 7) !== 3) return null;
      const r = Buffer.alloc(48);
      r[0] = (0 << 6) | (4 << 3) | 4;
      r[1] = stratum;
      Buffer.from([192, 0, 2, 1]).copy(r, 12);
      q.copy(r, 24, 40, 48);
      return r;
    },
    port,
  );
}

/** An SNMP agent answering GetRequests with sysDescr, only for the right community. */
export function startSnmpPeer(
  host: string,
  sysDescr: string,
  community = 'public',
  port = 0,
): Promise<UdpPeer> {
  return startUdpPeer(
    host,
    (q) => {
      const [message] = children(q) ?? [];
      const [version, name, pdu] = (message && children(message.content)) ?? [];
      if (!version || name?.content.toString() !== community || pdu?.tag !== TAG.GET_REQUEST)
        return null;
      const [id, , , varbinds] = children(pdu.content) ?? [];
      const [varbind] = (varbinds && children(varbinds.content)) ?? [];
      const [oid] = (varbind && children(varbind.content)) ?? [];
      if (!id || !oid) return null;
      const raw = (e: { tag: number; content: Buffer }) => tlv(e.tag, e.content);
      const value = tlv(TAG.OCTET_STRING, Buffer.from(sysDescr));
      const response = tlv(
        TAG.GET_RESPONSE,
        raw(id),
        integer(0),
        integer(0),
        tlv(TAG.SEQUENCE, tlv(TAG.SEQUENCE, raw(oid), value)),
      );
      return tlv(TAG.SEQUENCE, raw(version), raw(name), response);
    },
    port,
  );
}
