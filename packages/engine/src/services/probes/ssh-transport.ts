import {
  type Cipher,
  createCipheriv,
  createDecipheriv,
  createHmac,
  type Decipher,
} from 'node:crypto';
import net from 'node:net';
import type { Endpoint } from '../exchange.ts';
import { MSG, plainPacket, uint32 } from './ssh-wire.ts';

/** Our identification string; short, honest and without a version that invites exploits. */
export const CLIENT_BANNER = 'SSH-2.0-NetGuard_Scanner';

const MAX_PACKET = 256 * 1024;
const MAX_PRE_BANNER_LINES = 20;
const SKIPPED: ReadonlySet<number> = new Set([
  MSG.IGNORE,
  MSG.DEBUG,
  MSG.EXT_INFO,
  MSG.UNIMPLEMENTED,
]);

/** aes128-ctr + hmac-sha2-256 keys for one direction. */
export type DirectionKeys = { key: Buffer; iv: Buffer; macKey: Buffer };

type Sealed = { cipher: Cipher; macKey: Buffer };
type Opened = { decipher: Decipher; macKey: Buffer };

/**
 * One SSH connection's binary packet layer: reads the server banner, then sends and
 * receives packets, in clear text until keys are installed. Every wait is bounded by the
 * endpoint timeout (for the whole connection), after which reads return null.
 */
export class SshTransport {
  private buffer = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  private ended = false;
  private sendSeq = 0;
  private recvSeq = 0;
  private sealed: Sealed | null = null;
  private opened: Opened | null = null;
  private readonly timer: NodeJS.Timeout;
  readonly socket: net.Socket;
  /** Set when the connection failed or timed out. */
  error?: string;

  constructor(endpoint: Endpoint) {
    this.socket = net.connect({ host: endpoint.host, port: endpoint.port });
    this.timer = setTimeout(() => this.finish('timeout'), endpoint.timeoutMs);
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      if (this.buffer.length > MAX_PACKET * 2) this.finish('too much data');
      this.signal();
    });
    this.socket.once('error', (e: NodeJS.ErrnoException) => this.finish(e.code ?? e.message));
    this.socket.once('close', () => this.finish());
  }

  private signal() {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private finish(error?: string) {
    if (this.ended) return;
    this.ended = true;
    this.error ??= error;
    clearTimeout(this.timer);
    this.socket.destroy();
    this.signal();
  }

  /** Closes the connection. */
  close() {
    this.finish();
  }

  private async fill(n: number): Promise<boolean> {
    while (this.buffer.length < n) {
      if (this.ended) return false;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    return true;
  }

  private take(n: number): Buffer {
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }

  /** Reads lines until the "SSH-" identification line (RFC 4253 §4.2 allows lines before it). */
  async readBanner(): Promise<string | null> {
    for (let line = 0; line < MAX_PRE_BANNER_LINES; line++) {
      let eol = this.buffer.indexOf(10);
      while (eol < 0) {
        if (this.buffer.length > 8192 || !(await this.fill(this.buffer.length + 1))) return null;
        eol = this.buffer.indexOf(10);
      }
      const text = this.take(eol + 1)
        .toString('latin1')
        .replace(/\r?\n$/, '');
      if (text.startsWith('SSH-')) return text;
    }
    return null;
  }

  /** Sends raw bytes (the identification line). */
  writeRaw(data: string | Buffer) {
    if (!this.ended) this.socket.write(data);
  }

  /** Sends one packet, encrypted and MACed once keys are installed. */
  send(payload: Buffer) {
    const packet = plainPacket(payload, this.sealed ? 16 : 8);
    const seq = uint32(this.sendSeq);
    this.sendSeq = (this.sendSeq + 1) >>> 0;
    if (!this.sealed) return this.writeRaw(packet);
    const mac = createHmac('sha256', this.sealed.macKey).update(seq).update(packet).digest();
    this.writeRaw(Buffer.concat([this.sealed.cipher.update(packet), mac]));
  }

  /** Reads the next packet's payload, or null on close, timeout or a bad packet. */
  async readPacket(): Promise<Buffer | null> {
    const blockSize = this.opened ? 16 : 8;
    if (!(await this.fill(blockSize))) return null;
    const first = this.opened
      ? this.opened.decipher.update(this.take(blockSize))
      : this.take(blockSize);
    const length = first.readUInt32BE(0);
    if (length < 5 || length > MAX_PACKET) return this.fail('bad packet length');
    const restLength = length + 4 - blockSize;
    const macLength = this.opened ? 32 : 0;
    if (restLength < 0 || !(await this.fill(restLength + macLength))) return null;
    const rest = this.take(restLength);
    const packet = Buffer.concat([first, this.opened ? this.opened.decipher.update(rest) : rest]);
    const seq = uint32(this.recvSeq);
    this.recvSeq = (this.recvSeq + 1) >>> 0;
    if (this.opened) {
      const mac = this.take(macLength);
      const expected = createHmac('sha256', this.opened.macKey).update(seq).update(packet).digest();
      if (!expected.equals(mac)) return this.fail('bad MAC');
    }
    const padding = packet[4]!;
    if (padding + 1 > length) return this.fail('bad padding');
    return packet.subarray(5, 4 + length - padding);
  }

  /** The next packet that is not IGNORE, DEBUG or EXT_INFO; null on DISCONNECT. */
  async readMessage(): Promise<Buffer | null> {
    for (let i = 0; i < 64; i++) {
      const payload = await this.readPacket();
      if (!payload || payload[0] === MSG.DISCONNECT) return null;
      if (!SKIPPED.has(payload[0]!)) return payload;
    }
    return this.fail('too many ignored messages');
  }

  /** Installs aes128-ctr + hmac-sha2-256 keys after NEWKEYS, one call per direction. */
  installKeys(outgoing: DirectionKeys | null, incoming: DirectionKeys | null) {
    if (outgoing)
      this.sealed = {
        cipher: createCipheriv('aes-128-ctr', outgoing.key, outgoing.iv),
        macKey: outgoing.macKey,
      };
    if (incoming)
      this.opened = {
        decipher: createDecipheriv('aes-128-ctr', incoming.key, incoming.iv),
        macKey: incoming.macKey,
      };
  }

  private fail(reason: string): null {
    this.finish(reason);
    return null;
  }
}
