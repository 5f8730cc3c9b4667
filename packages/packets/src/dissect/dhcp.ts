// DHCP (BOOTP on UDP 67/68): the message type, client MAC, addresses and common options, with
// Wireshark's Info ("DHCP Offer    - Transaction ID 0x1234abcd").
import type { TPacketField } from '@netguard/contracts';
import { be32, hexId, ipv4Text, latin1, macText } from './bytes.ts';
import { addLayer, type Dissection, field, setColumns, truncated } from './state.ts';

const MESSAGE_TYPES: Record<number, string> = {
  1: 'Discover',
  2: 'Offer',
  3: 'Request',
  4: 'Decline',
  5: 'ACK',
  6: 'NAK',
  7: 'Release',
  8: 'Inform',
};
const FIXED_LENGTH = 236;
const MAGIC_COOKIE = 0x63825363;

/** Dissects a BOOTP/DHCP message in [at, end). */
export function dissectDhcp(d: Dissection, at: number, end: number) {
  const { data } = d;
  const op = data[at]!;
  const fields = addLayer(d, 'dhcp', 'Dynamic Host Configuration Protocol');
  setColumns(d, 'BOOTP', op === 1 ? 'Boot Request' : 'Boot Reply');
  if (end - at < FIXED_LENGTH + 4) return truncated(d, 'BOOTP');
  const xid = be32(data, at + 4);
  const hardwareLength = data[at + 2]!;
  fields.push(
    field('dhcp.type', 'Message type', op),
    field('dhcp.id', 'Transaction ID', xid),
    field('dhcp.ip.client', 'Client IP address', ipv4Text(data, at + 12)),
    field('dhcp.ip.your', 'Your (client) IP address', ipv4Text(data, at + 16)),
    field('dhcp.ip.server', 'Next server IP address', ipv4Text(data, at + 20)),
  );
  if (hardwareLength === 6)
    fields.push(field('dhcp.hw.mac_addr', 'Client MAC address', macText(data, at + 28)));
  if (be32(data, at + FIXED_LENGTH) !== MAGIC_COOKIE) return;
  const { type, complete } = readOptions(data, fields, at + FIXED_LENGTH + 4, end);
  if (type !== null) {
    const name = MESSAGE_TYPES[type] ?? `Unknown (${type})`;
    setColumns(d, 'DHCP', `DHCP ${name.padEnd(8)} - Transaction ID ${hexId(xid, 8)}`);
  }
  if (!complete) truncated(d, type === null ? 'BOOTP' : 'DHCP');
}

// Options as type, length, value up to the End option; returns the DHCP message type.
function readOptions(data: Uint8Array, fields: TPacketField[], at: number, end: number) {
  let type: number | null = null;
  for (let offset = at; offset < end; ) {
    const code = data[offset]!;
    if (code === 255) break;
    if (code === 0) {
      offset++;
      continue;
    }
    const length = data[offset + 1] ?? 0;
    const value = offset + 2;
    if (value + length > end) return { type, complete: false };
    fields.push(field('dhcp.option.type', 'Option', code));
    if (code === 53 && length === 1) {
      type = data[value]!;
      fields.push(field('dhcp.option.dhcp', 'DHCP', type));
    } else if (code === 50 && length === 4)
      fields.push(
        field('dhcp.option.requested_ip_address', 'Requested IP Address', ipv4Text(data, value)),
      );
    else if (code === 54 && length === 4)
      fields.push(
        field('dhcp.option.dhcp_server_id', 'DHCP Server Identifier', ipv4Text(data, value)),
      );
    else if (code === 1 && length === 4)
      fields.push(field('dhcp.option.subnet_mask', 'Subnet Mask', ipv4Text(data, value)));
    else if (code === 3 && length >= 4)
      fields.push(field('dhcp.option.router', 'Router', ipv4Text(data, value)));
    else if (code === 51 && length === 4)
      fields.push(
        field('dhcp.option.ip_address_lease_time', 'IP Address Lease Time', be32(data, value)),
      );
    else if (code === 12)
      fields.push(field('dhcp.option.hostname', 'Host Name', latin1(data, value, value + length)));
    offset = value + length;
  }
  return { type, complete: true };
}
