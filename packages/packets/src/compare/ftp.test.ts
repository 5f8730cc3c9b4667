import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { startVsftpd } from '../../../engine/src/testing/daemons.ts';
import type { Peer } from '../../../engine/src/testing/peers.ts';
import { startTestCapture, type TestCapture } from '../testing/tcpdump.ts';
import { type Comparison, compareWithTshark, protocolCounts } from './compare.ts';

const run = promisify(execFile);
const HOST = testResources().host(5);

describe('FTP capture (curl and vsftpd) read like tshark', () => {
  let capture: TestCapture;
  let vsftpd: Peer;
  let result: Comparison;

  beforeAll(async () => {
    vsftpd = await startVsftpd(HOST, true);
    capture = await startTestCapture({ filter: `host ${HOST}` });
    // Anonymous login, EPSV and LIST of the empty anonymous root.
    await run('curl', ['-s', '--max-time', '5', `ftp://${HOST}:${vsftpd.port}/`]);
    await capture.stop();
    // tshark knows FTP on port 21 only; we know it from vsftpd's greeting.
    result = await compareWithTshark(capture.file, {
      tsharkOnly: [`tcp.port==${vsftpd.port},ftp`],
    });
  }, 30_000);

  afterAll(async () => {
    await capture?.remove();
    await vsftpd?.close();
  });

  it('has the same packets, addresses, protocols and infos', () => {
    expect(result.ourRows).toEqual(result.theirRows);
  });

  it('has the same protocol distribution', () => {
    expect(result.ourProtocols).toEqual(result.theirProtocols);
    const ours = protocolCounts(result.ours.map((p) => p.protocol));
    expect(ours.FTP).toBeGreaterThan(10);
  });

  it('shows requests and responses with their commands', () => {
    const infos = result.ours.filter((p) => p.protocol === 'FTP').map((p) => p.info);
    expect(infos[0]).toMatch(/^Response: 220 \(vsFTPd [\d.]+\)$/);
    expect(infos).toContain('Request: USER anonymous');
    expect(infos).toContain('Request: LIST');
    expect(
      infos.some((i) => /^Response: 229 Entering Extended Passive Mode \(\|\|\|\d+\|\)$/.test(i)),
    ).toBe(true);
    const commands = result.ours.flatMap((p) =>
      (p.layers.find((l) => l.name === 'ftp')?.fields ?? [])
        .filter((f) => f.name === 'ftp.request.command')
        .map((f) => f.value),
    );
    expect(commands).toEqual(['USER', 'PASS', 'PWD', 'EPSV', 'TYPE', 'LIST', 'QUIT']);
  });
});
