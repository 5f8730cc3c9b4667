import { describe, expect, it } from 'vitest';
import {
  bytes,
  ethernet,
  frameOf,
  ipv4,
  ipv4Bytes,
  mac,
  u16,
  u32,
  udp,
} from '../testing/frame-builder.ts';
import { fieldValue } from '../testing/packet-fields.ts';
import { dissectFrame } from './index.ts';

const CLIENT = '02:00:00:00:00:0c';

function dhcp(op: number, your: string, options: number[]): Uint8Array {
  return bytes(
    [op, 1, 6, 0],
    u32(0x1234abcd),
    u16(0),
    u16(0x8000),
    ipv4Bytes('0.0.0.0'),
    ipv4Bytes(your),
    ipv4Bytes('0.0.0.0'),
    ipv4Bytes('0.0.0.0'),
    mac(CLIENT),
    new Uint8Array(10 + 64 + 128),
    [99, 130, 83, 99],
    options,
    [255],
  );
}

const send = (src: string, dst: string, sport: number, dport: number, message: Uint8Array) =>
  dissectFrame(
    frameOf(
      ethernet('ff:ff:ff:ff:ff:ff', CLIENT, 0x0800, ipv4(src, dst, 17, udp(sport, dport, message))),
    ),
  );

describe('DHCP', () => {
  it('shows the message type and transaction id, and reads the client and requested addresses', () => {
    const discover = send(
      '0.0.0.0',
      '255.255.255.255',
      68,
      67,
      dhcp(1, '0.0.0.0', [
        53,
        1,
        1,
        50,
        4,
        ...ipv4Bytes('192.168.1.50'),
        12,
        4,
        ...Buffer.from('host'),
      ]),
    );
    expect([discover.protocol, discover.info]).toEqual([
      'DHCP',
      'DHCP Discover - Transaction ID 0x1234abcd',
    ]);
    expect(fieldValue(discover, 'dhcp.hw.mac_addr')).toBe(CLIENT);
    expect(fieldValue(discover, 'dhcp.option.requested_ip_address')).toBe('192.168.1.50');
    expect(fieldValue(discover, 'dhcp.option.hostname')).toBe('host');
    const offer = send(
      '192.168.1.1',
      '192.168.1.50',
      67,
      68,
      dhcp(2, '192.168.1.50', [53, 1, 2, 54, 4, ...ipv4Bytes('192.168.1.1')]),
    );
    expect(offer.info).toBe('DHCP Offer    - Transaction ID 0x1234abcd');
    expect(fieldValue(offer, 'dhcp.ip.your')).toBe('192.168.1.50');
    expect(fieldValue(offer, 'dhcp.option.dhcp_server_id')).toBe('192.168.1.1');
    expect(
      send('192.168.1.1', '192.168.1.50', 67, 68, dhcp(2, '192.168.1.50', [53, 1, 5])).info,
    ).toBe('DHCP ACK      - Transaction ID 0x1234abcd');
  });

  it('calls a message without DHCP options BOOTP, and a cut one malformed', () => {
    expect(send('10.0.0.1', '10.0.0.2', 68, 67, dhcp(1, '0.0.0.0', [])).info).toBe('Boot Request');
    const cut = send(
      '192.168.1.1',
      '192.168.1.50',
      67,
      68,
      dhcp(2, '192.168.1.50', [53, 1, 5]).subarray(0, 100),
    );
    expect([cut.protocol, cut.info]).toEqual(['BOOTP', 'Boot Reply[Malformed Packet]']);
    const badOption = send(
      '192.168.1.1',
      '192.168.1.50',
      67,
      68,
      dhcp(2, '192.168.1.50', [53, 1, 5, 12, 40]).subarray(0, 246),
    );
    expect([badOption.protocol, badOption.info]).toEqual([
      'DHCP',
      'DHCP ACK      - Transaction ID 0x1234abcd[Malformed Packet]',
    ]);
  });
});
