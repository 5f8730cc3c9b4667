import { describe, expect, it } from 'vitest';
import { downloadBaseName, liveExportFrames, liveExportName } from './packets.export.ts';

describe('downloadBaseName', () => {
  it('drops the capture extension and keeps a name that cannot break the header', () => {
    expect(downloadBaseName('office lan.pcapng')).toBe('office_lan');
    expect(downloadBaseName('dump.PCAP')).toBe('dump');
    expect(downloadBaseName('a"b\r\nSet-Cookie: x=1.pcap')).toBe('a_b_Set-Cookie_x_1');
    expect(downloadBaseName('../../etc/passwd')).toBe('etc_passwd');
    expect(downloadBaseName('캡처.pcap')).toBe('capture');
  });
});

describe('liveExportFrames', () => {
  it('turns the browser’s packets into frames with their time, length and bytes', () => {
    const [frame] = liveExportFrames({
      link_type: 1,
      packets: [{ time: 1_700_000_000.25, length: 1500, payload: '00ff10' }],
    });
    expect(frame).toMatchObject({
      number: 1,
      seconds: 1_700_000_000,
      capturedLength: 3,
      originalLength: 1500,
      linkType: 1,
    });
    expect(frame?.nanos).toBeCloseTo(250_000_000, -3);
    expect([...(frame?.data ?? [])]).toEqual([0, 255, 16]);
  });

  it('never makes the original length shorter than the bytes captured', () => {
    const [frame] = liveExportFrames({
      link_type: 101,
      packets: [{ time: 0, length: 0, payload: 'abcd' }],
    });
    expect(frame?.originalLength).toBe(2);
  });

  it('names the download after the time of the export', () => {
    expect(liveExportName(new Date('2026-05-04T10:20:30.123Z'))).toBe(
      'netguard-live-2026-05-04T10-20-30',
    );
  });
});
