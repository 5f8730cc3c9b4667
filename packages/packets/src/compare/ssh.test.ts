import { execFile } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import type { Peer } from '../../../engine/src/testing/peers.ts';
import { startSshd } from '../../../engine/src/testing/sshd.ts';
import { startTestCapture, type TestCapture } from '../testing/tcpdump.ts';
import { type Comparison, compareWithTshark, protocolCounts, rowDifferences } from './compare.ts';

const HOST = testResources().host(4);

// Waits for sshd's banner and the close of this probe, so that none of it can reach the capture
// started next (under load sshd's banner used to arrive after tcpdump had started).
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: HOST, port });
    let ok = false;
    socket.once('data', () => {
      ok = true;
      socket.end();
    });
    socket.once('close', () => resolve(ok));
    socket.once('error', () => socket.destroy());
    socket.setTimeout(3000, () => socket.destroy());
  });

// The client's key exchange then a refused login: sshd has no key of ours.
const ssh = (port: number) =>
  new Promise<void>((resolve) => {
    execFile(
      'ssh',
      [
        '-F',
        '/dev/null',
        '-o',
        'BatchMode=yes',
        '-o',
        'StrictHostKeyChecking=no',
        '-o',
        'UserKnownHostsFile=/dev/null',
        '-o',
        'ConnectTimeout=5',
        '-p',
        String(port),
        `nobody@${HOST}`,
        'true',
      ],
      { timeout: 10_000 },
      () => resolve(),
    );
  });

describe('SSH capture (OpenSSH client and sshd) read like tshark', () => {
  let capture: TestCapture;
  let sshd: Peer;
  let port: number;
  let result: Comparison;

  beforeAll(async () => {
    // sshd also listens on port 22 of its own address, where both readers know SSH by its port.
    sshd = await startSshd({
      passwordAuthentication: false,
      host: HOST,
      extraConfig: [`ListenAddress ${HOST}:22`],
    });
    port = (await accepts(22)) ? 22 : sshd.port;
    const decodeAs = port === 22 ? [] : [`tcp.port==${port},ssh`];
    capture = await startTestCapture({ filter: `host ${HOST} and tcp port ${port}` });
    await ssh(port);
    await capture.stop();
    result = await compareWithTshark(capture.file, { decodeAs });
  }, 30_000);

  afterAll(async () => {
    await capture?.remove();
    await sshd?.close();
  });

  it('has the same packets, addresses, protocols and infos', () => {
    // The differing rows themselves, so that a failure says which segments disagreed.
    expect(rowDifferences(result)).toEqual([]);
  });

  it('has the same protocol distribution', () => {
    expect(result.ourProtocols).toEqual(result.theirProtocols);
    const ours = protocolCounts(result.ours.map((p) => p.protocol));
    expect(ours.SSH).toBe(1);
    expect(ours.SSHv2).toBeGreaterThan(5);
  });

  it('shows the banners, the key exchange and then encrypted packets', () => {
    const infos = result.ours.filter((p) => p.protocol.startsWith('SSH')).map((p) => p.info);
    expect(infos.filter((i) => i.includes(': Protocol (SSH-2.0-OpenSSH'))).toHaveLength(2);
    expect(infos).toContain('Client: Key Exchange Init');
    expect(infos).toContain('Server: Key Exchange Init');
    expect(
      infos.some((i) => i.startsWith('Server: Diffie-Hellman Key Exchange Reply, New Keys')),
    ).toBe(true);
    expect(infos.some((i) => /^Client: Encrypted packet \(len=\d+\)$/.test(i))).toBe(true);
  });
});
