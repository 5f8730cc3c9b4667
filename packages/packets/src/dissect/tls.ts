// TLS records: content types, handshake message names, alerts, the versions Wireshark puts in
// the Protocol column (the session's, learnt from the Server Hello, else the record's).
import type { TPacketField } from '@netguard/contracts';
import { be16 } from './bytes.ts';
import { type ConversationState, markEncrypted } from './context.ts';
import { keepPending, showSegmentOfPdu, takePending } from './reassembly.ts';
import { addLayer, type Dissection, field, setColumns } from './state.ts';
import { readHello } from './tls-hello.ts';

const VERSION_NAMES: Record<number, string> = {
  768: 'SSLv3',
  769: 'TLSv1',
  770: 'TLSv1.1',
  771: 'TLSv1.2',
  772: 'TLSv1.3',
};
const HANDSHAKE_NAMES: Record<number, string> = {
  0: 'Hello Request',
  1: 'Client Hello',
  2: 'Server Hello',
  4: 'New Session Ticket',
  5: 'End of Early Data',
  8: 'Encrypted Extensions',
  11: 'Certificate',
  12: 'Server Key Exchange',
  13: 'Certificate Request',
  14: 'Server Hello Done',
  15: 'Certificate Verify',
  16: 'Client Key Exchange',
  20: 'Finished',
  24: 'Key Update',
};
const ALERT_DESCRIPTIONS: Record<number, string> = {
  0: 'Close Notify',
  10: 'Unexpected Message',
  20: 'Bad Record MAC',
  40: 'Handshake Failure',
  42: 'Bad Certificate',
  45: 'Certificate Expired',
  46: 'Certificate Unknown',
  47: 'Illegal Parameter',
  48: 'Unknown CA',
  50: 'Decode Error',
  51: 'Decrypt Error',
  70: 'Protocol Version',
  80: 'Internal Error',
  90: 'User Canceled',
  112: 'Unrecognized Name',
  116: 'Certificate Required',
  120: 'No Application Protocol',
};
const MAX_RECORD = 16_384 + 2_048;

/** Whether a TLS record header starts at `at` (content type 20-24, version 3.x, sane length). */
export function looksLikeTlsRecord(b: Uint8Array, at: number, end: number): boolean {
  if (end - at < 5) return false;
  const type = b[at]!;
  const length = be16(b, at + 3);
  return (
    type >= 20 &&
    type <= 24 &&
    b[at + 1] === 3 &&
    b[at + 2]! <= 4 &&
    length > 0 &&
    length <= MAX_RECORD
  );
}

/** Whether a Client or Server Hello starts at `at`: TLS found on any port by its first bytes. */
export function looksLikeTlsHello(b: Uint8Array, at: number, end: number): boolean {
  return (
    looksLikeTlsRecord(b, at, end) &&
    b[at] === 22 &&
    end - at > 5 &&
    (b[at + 5] === 1 || b[at + 5] === 2)
  );
}

/**
 * Dissects the TLS records in [at, end). `conversation` (with a context) carries the session
 * version and which side has switched to encryption; `sender` names this packet's side. With a
 * context, records spanning segments are named where they complete, as in Wireshark.
 */
export function dissectTls(
  d: Dissection,
  at: number,
  end: number,
  conversation: ConversationState | undefined,
  sender: string,
) {
  const { data } = d;
  const tcpInfo = d.info;
  const fields = addLayer(d, 'tls', 'Transport Layer Security');
  const names: string[] = [];
  let recordVersion = 0;
  let sessionVersion = conversation?.tlsVersion ?? null;
  // After a Change Cipher Spec, this side's handshake and alert records are encrypted.
  let encrypted = conversation?.encryptedFrom?.has(sender) ?? false;
  let offset = at;
  const pending = takePending(d);
  if (pending?.tlsNames) {
    offset += Math.min(pending.remaining, end - at);
    if (offset - at < pending.remaining)
      return partOfRecord(d, tcpInfo, pending.remaining - (end - at), pending.tlsNames);
    names.push(...pending.tlsNames);
  }
  while (offset < end) {
    if (!looksLikeTlsRecord(data, offset, end)) {
      names.push('Ignored Unknown Record');
      break;
    }
    const type = data[offset]!;
    recordVersion = be16(data, offset + 1);
    const length = be16(data, offset + 3);
    const body = offset + 5;
    const bodyEnd = Math.min(end, body + length);
    fields.push(
      field('tls.record.content_type', 'Content Type', type),
      field('tls.record.version', 'Version', recordVersion),
      field('tls.record.length', 'Length', length),
    );
    const recordNames: string[] = [];
    if (type === 20) {
      recordNames.push('Change Cipher Spec');
      encrypted = true;
      markEncrypted(conversation, sender);
    } else if (type === 21)
      recordNames.push(alertName(data, body, bodyEnd, length, encrypted, fields));
    else if (type === 22) {
      const selected = encrypted ? null : readHandshakes(data, body, bodyEnd, recordNames, fields);
      if (encrypted || selected === undefined) recordNames.push('Encrypted Handshake Message');
      else if (selected !== null) {
        sessionVersion = selected;
        if (conversation) conversation.tlsVersion = selected;
      }
    } else if (type === 23) recordNames.push('Application Data');
    else recordNames.push('Heartbeat');
    // A record going on in the next segments is named in the segment that completes it.
    if (
      body + length > end &&
      keepPending(d, { remaining: body + length - end, tlsNames: recordNames })
    )
      break;
    names.push(...recordNames);
    offset = body + length;
  }
  if (names.length === 0) {
    d.layers.pop();
    return showSegmentOfPdu(d, tcpInfo);
  }
  const version = sessionVersion ?? recordVersion;
  setColumns(d, VERSION_NAMES[version] ?? 'TLS', names.join(', '));
}

// A segment wholly inside a record that started earlier.
function partOfRecord(d: Dissection, tcpInfo: string, remaining: number, tlsNames: string[]) {
  d.layers.pop();
  keepPending(d, { remaining, tlsNames });
  showSegmentOfPdu(d, tcpInfo);
}

function alertName(
  b: Uint8Array,
  at: number,
  end: number,
  length: number,
  encrypted: boolean,
  fields: TPacketField[],
): string {
  if (encrypted || length !== 2 || end - at < 2) return 'Encrypted Alert';
  const level = b[at] === 1 ? 'Warning' : b[at] === 2 ? 'Fatal' : `Unknown (${b[at]})`;
  const description = ALERT_DESCRIPTIONS[b[at + 1]!] ?? `Unknown (${b[at + 1]})`;
  fields.push(
    field('tls.alert_message.level', 'Level', b[at]!),
    field('tls.alert_message.desc', 'Description', b[at + 1]!),
  );
  return `Alert (Level: ${level}, Description: ${description})`;
}

/**
 * Names the handshake messages of one record. Returns the version a Server Hello chose, null
 * when there was none, or undefined when the bytes are not a plaintext handshake.
 */
function readHandshakes(
  b: Uint8Array,
  at: number,
  end: number,
  names: string[],
  fields: TPacketField[],
): number | null | undefined {
  let chosen: number | null = null;
  for (let offset = at; offset + 4 <= end; ) {
    const type = b[offset]!;
    const length = (b[offset + 1]! << 16) | (b[offset + 2]! << 8) | b[offset + 3]!;
    const name = HANDSHAKE_NAMES[type];
    if (name === undefined || (offset === at && length > MAX_RECORD * 4))
      return offset === at ? undefined : chosen;
    fields.push(
      field('tls.handshake.type', 'Handshake Type', type),
      field('tls.handshake.length', 'Length', length),
    );
    const bodyEnd = Math.min(end, offset + 4 + length);
    if (type === 1 || type === 2) {
      const hello = readHello(b, offset + 4, bodyEnd, type === 1, fields);
      names.push(type === 1 && hello?.serverName ? `${name} (SNI=${hello.serverName})` : name);
      if (type === 2 && hello) chosen = hello.selectedVersion ?? hello.version;
    } else names.push(name);
    offset += 4 + length;
  }
  return chosen;
}
