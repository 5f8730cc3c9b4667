import { describe, expect, it } from 'vitest';
import {
  defaultExportRange,
  exportQuery,
  formatLatency,
  formatReceipt,
} from '@/features/siem/siem-format';
import { formatCount } from '@/lib/format';

describe('formatLatency', () => {
  it('shows a dash before any delivery, ms below a second, seconds above', () => {
    expect(formatLatency(null)).toBe('—');
    expect(formatLatency(84.6)).toBe('85 ms');
    expect(formatLatency(1234)).toBe('1.2 s');
    expect(formatLatency(42_000)).toBe('42 s');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => expect(formatCount(12345)).toBe('12,345'));
});

describe('formatReceipt', () => {
  it('lists what the SIEM answered', () => {
    expect(formatReceipt(null)).toBe('—');
    expect(formatReceipt({ status: 200, ackId: 17 })).toBe('HTTP 200 · ack 17');
    expect(formatReceipt({ status: 200, result: 'created' })).toBe('HTTP 200 · created');
  });
});

describe('export range', () => {
  it('defaults to the last 24 hours', () => {
    const now = new Date(2026, 10, 27, 9, 30);
    expect(defaultExportRange(now)).toEqual({ from: '2026-11-26T09:30', to: '2026-11-27T09:30' });
  });

  it('sends ISO times and the format, and refuses a reversed range', () => {
    const result = exportQuery({ from: '2026-11-26T09:30', to: '2026-11-27T09:30' }, 'csv');
    expect('query' in result && new URLSearchParams(result.query).get('format')).toBe('csv');
    expect('query' in result && new URLSearchParams(result.query).get('from')?.endsWith('Z')).toBe(
      true,
    );
    expect(exportQuery({ from: '2026-11-28T00:00', to: '2026-11-27T00:00' }, 'jsonl')).toEqual({
      problem: 'The start must not be after the end',
    });
  });
});
