import { randomBytes } from 'node:crypto';

/** SSH message numbers used by the probes (RFC 4250 §4.1). */
export const MSG = {
  DISCONNECT: 1,
  IGNORE: 2,
  UNIMPLEMENTED: 3,
  DEBUG: 4,
  SERVICE_REQUEST: 5,
  SERVICE_ACCEPT: 6,
  EXT_INFO: 7,
  KEXINIT: 20,
  NEWKEYS: 21,
  KEX_ECDH_INIT: 30,
  KEX_ECDH_REPLY: 31,
  USERAUTH_REQUEST: 50,
  USERAUTH_FAILURE: 51,
  USERAUTH_SUCCESS: 52,
  USERAUTH_BANNER: 53,
} as const;

/** The algorithm name-lists of an SSH_MSG_KEXINIT (RFC 4253 §7.1). */
export type KexInit = {
  kex: string[];
  hostKey: string[];
  ciphersClientToServer: string[];
  ciphersServerToClient: string[];
  macsClientToServer: string[];
  macsServerToClient: string[];
  compressionClientToServer: string[];
  compressionServerToClient: string[];
};

const LIST_KEYS: (keyof KexInit)[] = [
  'kex',
  'hostKey',
  'ciphersClientToServer',
  'ciphersServerToClient',
  'macsClientToServer',
  'macsServerToClient',
  'compressionClientToServer',
  'compressionServerToClient',
];

export const uint32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

/** An SSH "string": uint32 length then the bytes. */
export const sshString = (data: Buffer | string) => {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  return Buffer.concat([uint32(bytes.length), bytes]);
};

/** An SSH "mpint" from unsigned big-endian bytes: leading zeros dropped, sign byte added. */
export function mpint(unsigned: Buffer): Buffer {
  let i = 0;
  while (i < unsigned.length && unsigned[i] === 0) i++;
  const trimmed = unsigned.subarray(i);
  const body =
    trimmed.length && trimmed[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed;
  return sshString(body);
}

/** Sequential reader over an SSH payload; throws RangeError on truncated data. */
export class SshReader {
  private offset = 0;
  constructor(private readonly data: Buffer) {}
  byte(): number {
    if (this.offset >= this.data.length) throw new RangeError('truncated SSH message');
    return this.data[this.offset++]!;
  }
  bool(): boolean {
    return this.byte() !== 0;
  }
  uint32(): number {
    if (this.offset + 4 > this.data.length) throw new RangeError('truncated SSH message');
    const n = this.data.readUInt32BE(this.offset);
    this.offset += 4;
    return n;
  }
  bytes(n: number): Buffer {
    if (this.offset + n > this.data.length) throw new RangeError('truncated SSH message');
    const out = this.data.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }
  string(): Buffer {
    return this.bytes(this.uint32());
  }
  nameList(): string[] {
    const text = this.string().toString('latin1');
    return text ? text.split(',') : [];
  }
}

/** Encodes an SSH_MSG_KEXINIT payload with a random cookie. */
export function encodeKexInit(lists: KexInit): Buffer {
  return Buffer.concat([
    Buffer.from([MSG.KEXINIT]),
    randomBytes(16),
    ...LIST_KEYS.map((k) => sshString(lists[k].join(','))),
    sshString(''),
    sshString(''),
    Buffer.from([0]),
    uint32(0),
  ]);
}

/** Decodes an SSH_MSG_KEXINIT payload (message byte included); null when it is not one. */
export function parseKexInit(payload: Buffer): KexInit | null {
  if (payload[0] !== MSG.KEXINIT) return null;
  try {
    const reader = new SshReader(payload.subarray(17));
    const lists = Object.fromEntries(LIST_KEYS.map((k) => [k, reader.nameList()]));
    return lists as KexInit;
  } catch {
    return null;
  }
}

/** An unencrypted binary packet (RFC 4253 §6): length, padding length, payload, padding. */
export function plainPacket(payload: Buffer, blockSize = 8): Buffer {
  let padding = blockSize - ((payload.length + 5) % blockSize);
  if (padding < 4) padding += blockSize;
  return Buffer.concat([
    uint32(payload.length + padding + 1),
    Buffer.from([padding]),
    payload,
    randomBytes(padding),
  ]);
}

/** The first packet's payload in a buffer that starts with an unencrypted packet, if complete. */
export function splitPlainPacket(data: Buffer): { payload: Buffer; rest: Buffer } | null {
  if (data.length < 5) return null;
  const length = data.readUInt32BE(0);
  if (data.length < length + 4) return null;
  const padding = data[4]!;
  return { payload: data.subarray(5, 4 + length - padding), rest: data.subarray(4 + length) };
}
