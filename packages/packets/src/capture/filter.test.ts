import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCaptureFilter } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'capture-filter-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('checkCaptureFilter', () => {
  it('accepts valid filters and an empty one', async () => {
    expect(await checkCaptureFilter('tcp port 443 and host 127.0.0.1')).toBeNull();
    expect(await checkCaptureFilter('udp or icmp', { interface: 'lo' })).toBeNull();
    expect(await checkCaptureFilter('  ')).toBeNull();
  });

  it("gives tcpdump's error for a filter it cannot compile", async () => {
    expect(await checkCaptureFilter('tcp prot 80')).toBe(
      "tcpdump: can't parse filter expression: syntax error",
    );
    expect(await checkCaptureFilter('port 99999')).toBe(
      'tcpdump: illegal port number 99999 > 65535',
    );
  });

  it('never lets a filter act as a tcpdump option', async () => {
    const target = join(dir, 'written');
    expect(await checkCaptureFilter(`-w ${target}`)).toMatch(/^tcpdump: /);
    expect(existsSync(target)).toBe(false);
  });

  it('names a missing tcpdump', async () => {
    expect(await checkCaptureFilter('tcp', { tcpdumpPath: join(dir, 'none') })).toBe(
      'Live capture needs tcpdump on the server: apt-get install tcpdump',
    );
  });
});
