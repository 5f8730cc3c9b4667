import { describe, expect, it } from 'vitest';
import { scanStartedEvent, threatEvent, vulnerabilityEvent } from '../testing/events.ts';
import { formatHecBatch, hecEvent } from './hec.ts';

describe('Splunk HEC', () => {
  it('writes one event object with epoch seconds, source and a netguard:<type> sourcetype', () => {
    expect(formatHecBatch([scanStartedEvent], { host: 'scanner-1' })).toBe(
      '{"time":1795755720,"host":"scanner-1","source":"netguard-scanner",' +
        '"sourcetype":"netguard:scan_started","event":{"id":"2d9a5e3c-7f4b-4a0d-9c83-4e5f6a7b8c9d",' +
        '"type":"scan_started","time":"2026-11-27T05:02:00.000Z","severity":"info",' +
        '"organizationId":"6f1c2a7e-0000-4000-8000-00000000a001","title":"Scan started",' +
        '"message":"Weekly scan of 10.0.0.0/24","level":"info","source":"netguard-scanner","fields":{}}}',
    );
  });

  it('keeps milliseconds as the fraction, the event host first, and the index when given', () => {
    const hec = hecEvent(vulnerabilityEvent, { index: 'security', host: 'scanner-1' });
    expect(hec).toMatchObject({
      time: 1795755600.123,
      host: 'web-01.example',
      index: 'security',
      sourcetype: 'netguard:vulnerability_found',
    });
    expect(hecEvent(threatEvent).host).toBe('192.0.2.11');
    expect('host' in hecEvent(scanStartedEvent)).toBe(false);
    expect('index' in hecEvent(scanStartedEvent)).toBe(false);
  });

  it('puts one event per line, each line the JSON of its event', () => {
    const body = formatHecBatch([vulnerabilityEvent, threatEvent]);
    const lines = body.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => JSON.parse(l).event)).toEqual([vulnerabilityEvent, threatEvent]);
  });
});
