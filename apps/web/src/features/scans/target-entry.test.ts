import { describe, expect, it } from 'vitest';
import { addTargets, removeTarget } from '@/features/scans/target-entry';

describe('addTargets', () => {
  it('splits on commas, trims, drops empties and keeps each target once', () => {
    expect(
      addTargets(['127.0.0.1'], ' 127.0.0.1 ,, localhost, 198.51.100.0/24, localhost '),
    ).toEqual({
      targets: ['127.0.0.1', 'localhost', '198.51.100.0/24'],
      invalid: [],
    });
  });

  it('skips invalid entries and reports them', () => {
    expect(addTargets([], '192.0.2.1, bad_host, 300.1.1.1, 192.0.2.0/33')).toEqual({
      targets: ['192.0.2.1'],
      invalid: ['bad_host', '300.1.1.1', '192.0.2.0/33'],
    });
  });

  it('does nothing for an empty entry', () => {
    expect(addTargets(['127.0.0.1'], '  ,  ')).toEqual({ targets: ['127.0.0.1'], invalid: [] });
  });
});

describe('removeTarget', () => {
  it('removes only the chosen chip', () => {
    expect(removeTarget(['127.0.0.1', 'localhost'], '127.0.0.1')).toEqual(['localhost']);
  });
});
