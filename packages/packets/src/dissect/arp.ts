// ARP over Ethernet/IPv4 (hardware type 1, protocol 0x0800), with Wireshark's Info texts.
import { be16, ipv4Text, macText } from './bytes.ts';
import { addLayer, type Dissection, field, setColumns, truncated } from './state.ts';

const OPCODES: Record<number, string> = {
  1: 'request',
  2: 'reply',
  3: 'reverse request',
  4: 'reverse reply',
};
const ZERO_MAC = '00:00:00:00:00:00';

/** Dissects an ARP packet at `at`. */
export function dissectArp(d: Dissection, at: number) {
  const { data } = d;
  setColumns(d, 'ARP', '');
  if (data.length < at + 8) return truncated(d, 'ARP');
  const hwType = be16(data, at);
  const protoType = be16(data, at + 2);
  const hwLen = data[at + 4]!;
  const protoLen = data[at + 5]!;
  const opcode = be16(data, at + 6);
  const fields = addLayer(d, 'arp', `Address Resolution Protocol (${OPCODES[opcode] ?? opcode})`);
  fields.push(
    field('arp.hw.type', 'Hardware type', hwType),
    field('arp.proto.type', 'Protocol type', protoType),
    field('arp.hw.size', 'Hardware size', hwLen),
    field('arp.proto.size', 'Protocol size', protoLen),
    field('arp.opcode', 'Opcode', opcode),
  );
  if (hwLen !== 6 || protoLen !== 4) {
    setColumns(d, 'ARP', `ARP ${OPCODES[opcode] ?? `opcode ${opcode}`}`);
    return;
  }
  if (data.length < at + 28) return truncated(d, 'ARP');
  const senderMac = macText(data, at + 8);
  const senderIp = ipv4Text(data, at + 14);
  const targetMac = macText(data, at + 18);
  const targetIp = ipv4Text(data, at + 24);
  fields.push(
    field('arp.src.hw_mac', 'Sender MAC address', senderMac),
    field('arp.src.proto_ipv4', 'Sender IP address', senderIp),
    field('arp.dst.hw_mac', 'Target MAC address', targetMac),
    field('arp.dst.proto_ipv4', 'Target IP address', targetIp),
  );
  setColumns(d, 'ARP', arpInfo(opcode, senderMac, senderIp, targetMac, targetIp));
}

function arpInfo(op: number, sMac: string, sIp: string, tMac: string, tIp: string): string {
  if (op === 1) {
    if (sIp === '0.0.0.0') return `Who has ${tIp}? (ARP Probe)`;
    if (sIp === tIp && (tMac === ZERO_MAC || tMac === sMac)) return `ARP Announcement for ${sIp}`;
    return `Who has ${tIp}? Tell ${sIp}`;
  }
  if (op === 2) return `${sIp} is at ${sMac}`;
  if (op === 3) return `Who is ${tMac}? Tell ${sMac}`;
  if (op === 4) return `${tMac} is at ${tIp}`;
  return `Unknown ARP opcode 0x${op.toString(16).padStart(4, '0')}`;
}
