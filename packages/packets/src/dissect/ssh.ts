// SSH: the identification banner and the binary packets of the key exchange; once a side has
// sent New Keys (known with a context, else guessed from the packet framing) it is encrypted.
import type { TPacketField } from '@netguard/contracts';
import { be32, latin1, lineEnd, startsWithAscii } from './bytes.ts';
import { type ConversationState, markEncrypted } from './context.ts';
import { addLayer, type Dissection, field, setColumns } from './state.ts';

const MESSAGE_NAMES: Record<number, string> = {
  1: 'Disconnect',
  2: 'Ignore',
  3: 'Unimplemented',
  4: 'Debug',
  5: 'Service Request',
  6: 'Service Accept',
  7: 'Extension Information',
  20: 'Key Exchange Init',
  21: 'New Keys',
  30: 'Diffie-Hellman Key Exchange Init',
  31: 'Diffie-Hellman Key Exchange Reply',
  32: 'Diffie-Hellman Group Exchange Init',
  33: 'Diffie-Hellman Group Exchange Reply',
  34: 'Diffie-Hellman Group Exchange Request',
};
const NEW_KEYS = 21;
const MAX_PACKET = 35_000;

/** Whether an SSH identification banner starts at `at`. */
export function looksLikeSshBanner(b: Uint8Array, at: number, end: number): boolean {
  return startsWithAscii(b, at, end, 'SSH-');
}

/**
 * Dissects SSH data in [at, end) sent by the server side when `fromServer`. With a context,
 * `conversation` tells whether this side is encrypted yet and whether SSH was seen before.
 */
export function dissectSsh(
  d: Dissection,
  at: number,
  end: number,
  fromServer: boolean,
  conversation: ConversationState | undefined,
  sender: string,
) {
  const { data } = d;
  const fields = addLayer(d, 'ssh', 'SSH Protocol');
  const side = fromServer ? 'Server' : 'Client';
  fields.push(field('ssh.direction', 'Direction', fromServer));
  // Wireshark learns the version from the client's banner: until a packet after it, "SSH" (the
  // server's banner is "SSH" too when it comes first, as it does when sshd answers before the
  // client has sent its own).
  const protocol = conversation && !conversation.sshSeen ? 'SSH' : 'SSHv2';
  if (looksLikeSshBanner(data, at, end)) {
    if (conversation && !fromServer) conversation.sshSeen = true;
    const stop = lineEnd(data, at, end);
    const banner = latin1(data, at, stop < 0 ? end : stop);
    fields.push(field('ssh.protocol', 'Protocol', banner));
    setColumns(d, protocol, `${side}: Protocol (${banner})`);
    return;
  }
  const encrypted = conversation?.encryptedFrom?.has(sender) ?? false;
  const names = encrypted ? null : readPlainPackets(data, at, end, fields);
  if (names === null) {
    fields.push(field('ssh.encrypted_packet', 'Encrypted Packet', true));
    setColumns(d, protocol, `${side}: Encrypted packet (len=${end - at})`);
    return;
  }
  if (names.includes(MESSAGE_NAMES[NEW_KEYS]!)) markEncrypted(conversation, sender);
  setColumns(d, protocol, `${side}: ${names.join(', ')}`);
}

// Plaintext binary packets fill the segment exactly (the last may go on in the next segment,
// and what follows New Keys is encrypted): length, padding length, message code.
function readPlainPackets(
  b: Uint8Array,
  at: number,
  end: number,
  fields: TPacketField[],
): string[] | null {
  const names: string[] = [];
  const found: [number, number, number][] = [];
  let offset = at;
  while (offset < end) {
    if (end - offset < 6) return null;
    const length = be32(b, offset);
    const padding = b[offset + 4]!;
    const code = b[offset + 5]!;
    const name = MESSAGE_NAMES[code];
    if (length < 5 || length > MAX_PACKET || padding < 4 || padding >= length || !name) return null;
    found.push([length, padding, code]);
    names.push(name);
    // What follows New Keys is under the new keys.
    if (code === NEW_KEYS) break;
    offset += 4 + length;
  }
  for (const [length, padding, code] of found)
    fields.push(
      field('ssh.packet_length', 'Packet Length', length),
      field('ssh.padding_length', 'Padding Length', padding),
      field('ssh.message_code', 'Message Code', code),
    );
  return names;
}
