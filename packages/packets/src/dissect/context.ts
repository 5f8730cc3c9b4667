// What Wireshark remembers between the packets of one capture, so that later packets dissect as
// they do there: TLS versions from the Server Hello, SSH and FTP conversations found by their
// banners, FTP data connections announced by PASV/EPSV/PORT, TCP sequence bases and window
// scales, ICMP echo requests, messages spanning segments. Bounded: the oldest entries go first.
import type { TPacketField } from '@netguard/contracts';

/** Application protocols a port can be decoded as (tshark's `-d tcp.port==8080,http`). */
export const DECODE_AS_PROTOCOLS = ['dns', 'http', 'tls', 'ssh', 'ftp', 'dhcp'] as const;
export type AppProtocol = (typeof DECODE_AS_PROTOCOLS)[number] | 'ftp-data';

export type TcpDirectionState = { base: number; windowShift: number | null; sawSyn: boolean };

export type ConversationState = {
  app?: AppProtocol;
  /** Server port of the conversation, where its protocol was recognised. */
  serverPort?: number;
  /** TLS session version from the Server Hello. */
  tlsVersion?: number;
  /** Senders (`address|port`) past TLS Change Cipher Spec or SSH New Keys: encrypted from then on. */
  encryptedFrom?: Set<string>;
  /** The client's SSH banner was seen: Wireshark names later packets SSHv2. */
  sshSeen?: boolean;
  /** FTP control: a data endpoint announced and waiting for the request that will use it. */
  ftpPendingData?: FtpDataEndpoint;
};

export type FtpDataEndpoint = { mode: 'PASV' | 'EPASV' | 'PORT' | 'EPRT'; command: string | null };

/** A message (TLS record, HTTP body) that goes on in the direction's next segments. */
export type PendingPdu = {
  /** Raw sequence number the next segment must start at to continue it. */
  nextSeq: number;
  /** Bytes still to come; for a chunked HTTP body, of the current chunk (see `chunked`). */
  remaining: number;
  /** TLS: the names of the records that complete with it. */
  tlsNames?: string[];
  /**
   * HTTP: Info and fields of the message head, shown when the body completes; `firstLine` is
   * what segments of a chunked body show (Wireshark reads the message again from its head).
   */
  http?: { info: string; fields: TPacketField[]; chunked: boolean; firstLine: string };
};

export type DissectContext = {
  decodeAs: { tcp: Map<number, AppProtocol>; udp: Map<number, AppProtocol> };
  conversations: BoundedMap<ConversationState>;
  tcp: BoundedMap<TcpDirectionState>;
  ftpData: BoundedMap<FtpDataEndpoint>;
  echoRequests: BoundedMap<number>;
  /** Messages awaiting their next segment, by TCP direction. */
  pending: BoundedMap<PendingPdu>;
  /** DNS-over-TCP messages awaiting their next segment: their bytes so far, length prefix first. */
  dnsMessages: BoundedMap<PendingDnsMessage>;
};

/** At most this many DNS messages are held while they arrive: 256 × 64 KiB bounds the bytes. */
const MAX_PENDING_DNS = 256;

export type PendingDnsMessage = { nextSeq: number; bytes: Uint8Array };

/** A Map that forgets its oldest entry past `max` entries. */
export class BoundedMap<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  set(key: string, value: V): V {
    if (!this.map.has(key) && this.map.size >= this.max) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
    this.map.set(key, value);
    return value;
  }
  delete(key: string) {
    this.map.delete(key);
  }
  get size(): number {
    return this.map.size;
  }
}

/** Parses a tshark decode-as rule `tcp.port==8080,http`; throws with a readable message. */
export function parseDecodeAs(rule: string): {
  transport: 'tcp' | 'udp';
  port: number;
  protocol: AppProtocol;
} {
  const match = /^(tcp|udp)\.port==(\d{1,5}),([a-z-]+)$/.exec(rule.replace(/\s+/g, ''));
  const port = Number(match?.[2]);
  const protocol = match?.[3] as AppProtocol;
  if (!match || port < 1 || port > 65535 || !DECODE_AS_PROTOCOLS.includes(protocol as never))
    throw new Error(
      `Bad decode-as rule '${rule}': use tcp.port==PORT,PROTOCOL or udp.port==PORT,PROTOCOL with one of ${DECODE_AS_PROTOCOLS.join(', ')}`,
    );
  return { transport: match[1] as 'tcp' | 'udp', port, protocol };
}

export type DissectContextOptions = {
  /** tshark-style decode-as rules: `tcp.port==8080,http`, `udp.port==5300,dns`. */
  decodeAs?: readonly string[];
  /** Conversations remembered at most (default 100 000). */
  maxConversations?: number;
};

/** Creates the memory shared by the packets of one capture, read in order. */
export function createDissectContext(options: DissectContextOptions = {}): DissectContext {
  const max = options.maxConversations ?? 100_000;
  const context: DissectContext = {
    decodeAs: { tcp: new Map(), udp: new Map() },
    conversations: new BoundedMap(max),
    tcp: new BoundedMap(max * 2),
    ftpData: new BoundedMap(1024),
    echoRequests: new BoundedMap(4096),
    pending: new BoundedMap(max),
    dnsMessages: new BoundedMap(MAX_PENDING_DNS),
  };
  for (const rule of options.decodeAs ?? []) {
    const { transport, port, protocol } = parseDecodeAs(rule);
    context.decodeAs[transport].set(port, protocol);
  }
  return context;
}

/** Records that `sender` (`address|port`) encrypts from now on in the conversation. */
export function markEncrypted(conversation: ConversationState | undefined, sender: string): void {
  if (!conversation) return;
  conversation.encryptedFrom ??= new Set();
  conversation.encryptedFrom.add(sender);
}

/** Order-independent key of a conversation between two endpoints. */
export function conversationKey(a: string, aPort: number, b: string, bPort: number): string {
  return a < b || (a === b && aPort < bPort)
    ? `${a}|${aPort}|${b}|${bPort}`
    : `${b}|${bPort}|${a}|${aPort}`;
}
