import type { ServiceInfo } from '../types.ts';

/** An NTPv4 client request (mode 3) whose transmit timestamp the server echoes as origin. */
export function ntpRequest(transmit: Buffer): Buffer {
  const packet = Buffer.alloc(48);
  packet[0] = (0 << 6) | (4 << 3) | 3;
  transmit.copy(packet, 40, 0, 8);
  return packet;
}

export type NtpReply = { version: number; stratum: number; leap: number; refid: string };

/** Reads a server reply (mode 4) to the request carrying `transmit`; null for anything else. */
export function parseNtpReply(msg: Buffer, transmit: Buffer): NtpReply | null {
  if (msg.length < 48) return null;
  const mode = msg[0]! & 7;
  if (mode !== 4 || !msg.subarray(24, 32).equals(transmit.subarray(0, 8))) return null;
  const stratum = msg[1]!;
  const ref = msg.subarray(12, 16);
  // Stratum 0 (kiss code) and 1 (reference clock) carry ASCII; higher strata an IPv4 address.
  const refid =
    stratum <= 1 ? ref.toString('latin1').replace(/\0+$/, '') : [...ref].map(String).join('.');
  return { version: (msg[0]! >> 3) & 7, stratum, leap: msg[0]! >> 6, refid };
}

/** Describes an NTP server from its reply: protocol version, stratum, reference. */
export function ntpService(reply: NtpReply): ServiceInfo {
  const synced = reply.leap !== 3 && reply.stratum > 0 && reply.stratum < 16;
  return {
    name: 'ntp',
    product: 'NTP',
    version: `v${reply.version}`,
    banner: `NTP v${reply.version}, stratum ${reply.stratum}${synced ? '' : ' (unsynchronized)'}, refid ${reply.refid}`,
    extra: { stratum: String(reply.stratum), refid: reply.refid, synchronized: String(synced) },
  };
}
