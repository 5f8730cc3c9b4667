import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '@/features/packets/packet-filters';
import { listText } from '@/features/packets/packet-text';
import { testPacket } from '@/features/packets/test-packets';

const base = { filters: NO_FILTERS, capture: undefined, firstPage: undefined, capturing: false };
const none = { visible: [], stats: { packets: 0 } };

describe('listText', () => {
  it('tells what to do before anything was captured', () => {
    expect(listText({ ...base, source: 'demo', held: none }).empty).toBe(
      'Press Start Capture to simulate packets.',
    );
    expect(listText({ ...base, source: 'live', held: none }).empty).toBe(
      'Choose an interface and press Start Capture.',
    );
    expect(listText({ ...base, source: 'live', held: none, capturing: true }).empty).toBe(
      'Waiting for packets...',
    );
    expect(listText({ ...base, source: 'file', held: none }).empty).toBe(
      'Upload a capture file or open one above.',
    );
  });

  it('labels the Demo list as simulated', () => {
    const text = listText({ ...base, source: 'demo', held: none });
    expect(text.title).toBe('Simulated Packets');
    expect(text.description).toMatch(/not real traffic/);
  });

  it('counts matches out of all packets only when a filter narrows', () => {
    const held = { visible: [testPacket()], stats: { packets: 12 } };
    expect(listText({ ...base, source: 'live', held }).summary).toBe('12 packets');
    const filters = { ...NO_FILTERS, filter: 'tcp' };
    expect(listText({ ...base, source: 'live', filters, held }).summary).toBe('1 of 12 packets');
    const file = { ...base, source: 'file' as const, filters, held: none };
    const capture = { name: 'web.pcap', packet_count: 1500 };
    expect(listText({ ...file, capture, firstPage: { total: 40 } }).summary).toBe(
      '40 of 1,500 packets',
    );
    expect(listText({ ...file, capture, firstPage: { total: 0 } }).empty).toBe(
      'No packets match the filters.',
    );
  });
});
