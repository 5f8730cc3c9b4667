import { PACKET_STATS_CONVERSATIONS } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { type CaptureTraffic, measureLink } from './topology.traffic.ts';

const talk = (a: string, b: string, bytes: number) => ({ a, b, bytes, packets: 1 });
const capture = (name: string, conversations: ReturnType<typeof talk>[]): CaptureTraffic => ({
  name,
  stats: { bytes: conversations.reduce((s, c) => s + c.bytes, 0), conversations },
});
const host = (address: string) => (a: string) => a === address;
const segment = (prefix: string) => (a: string) => a.startsWith(prefix);

describe('measureLink', () => {
  const office = capture('office.pcap', [
    talk('192.0.2.7', '198.51.100.1', 600),
    talk('192.0.2.7', '192.0.2.8', 300),
    talk('192.0.2.8', '192.0.2.9', 100),
  ]);

  it('counts the bytes of the conversations that cross the link, as a share of the capture', () => {
    expect(measureLink(host('192.0.2.7'), [office])).toEqual({
      traffic: 90,
      traffic_bytes: 900,
      traffic_capture: 'office.pcap',
    });
    // Leaving the /24: only the conversation with 198.51.100.1.
    expect(measureLink(segment('192.0.2.'), [office])).toMatchObject({
      traffic: 60,
      traffic_bytes: 600,
    });
  });

  it('says nothing was measured when no capture saw the link’s addresses', () => {
    const none = { traffic: null, traffic_bytes: null, traffic_capture: null };
    expect(measureLink(host('192.0.2.50'), [office])).toEqual(none);
    expect(measureLink(host('192.0.2.7'), [])).toEqual(none);
  });

  it('uses the newest capture covering the link, and none whose conversation list was cut', () => {
    const older = capture('older.pcap', [talk('192.0.2.7', '192.0.2.1', 50)]);
    expect(measureLink(host('192.0.2.7'), [office, older]).traffic_capture).toBe('office.pcap');
    const busy = capture(
      'busy.pcap',
      Array.from({ length: PACKET_STATS_CONVERSATIONS }, (_, i) =>
        talk('192.0.2.7', `10.0.0.${i}`, 10),
      ),
    );
    expect(measureLink(host('192.0.2.7'), [busy, older]).traffic_capture).toBe('older.pcap');
  });
});
