import { describe, expect, it } from 'vitest';
import { pingSummary } from '@/features/topology/ping-summary';

describe('pingSummary', () => {
  const base = { host: '192.0.2.7', probed_ports: [8888, 80] };

  it('shows the RTT and the port that answered', () => {
    expect(
      pingSummary({ ...base, reachable: true, rtt_ms: 0.42, port: 8888, port_state: 'open' }),
    ).toBe('Reachable in 0.42 ms (TCP port 8888 open)');
    expect(
      pingSummary({ ...base, reachable: true, rtt_ms: 1.5, port: 80, port_state: 'closed' }),
    ).toBe('Reachable in 1.5 ms (TCP port 80 refused the connection)');
  });

  it('names the ports tried when nothing answered', () => {
    expect(
      pingSummary({ ...base, reachable: false, rtt_ms: null, port: null, port_state: null }),
    ).toBe('No answer from 192.0.2.7 on TCP ports 8888, 80');
  });
});
