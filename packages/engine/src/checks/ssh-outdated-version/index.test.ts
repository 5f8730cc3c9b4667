import { afterEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../../scripts/testing/current.ts';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startSshKexPeer } from '../../testing/ssh-peers.ts';
import { compareVersions } from './floors.ts';
import { sshOutdatedVersion } from './index.ts';

// The peers' address, in the file's block.
const HOST = testResources().host(21);

let peer: Peer;
afterEach(() => peer.close());

describe('ssh-outdated-version', () => {
  it('reports an OpenSSH release below the floor', async () => {
    peer = await startSshKexPeer(HOST, 'SSH-2.0-OpenSSH_7.4');
    const ctx = await contextFor(peer);
    const [finding] = await sshOutdatedVersion.run(ctx);
    expect(finding).toMatchObject({ severity: 'medium', service: 'ssh', port: peer.port });
    expect(finding!.title).toContain('OpenSSH 7.4');
    expect(finding!.evidence).toContain('SSH-2.0-OpenSSH_7.4');
  });

  it('rates a distribution build lower, since fixes may be backported', async () => {
    peer = await startSshKexPeer(HOST, 'SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.6');
    const [finding] = await sshOutdatedVersion.run(await contextFor(peer));
    expect(finding?.severity).toBe('low');
  });

  it('stays quiet for a current release', async () => {
    peer = await startSshKexPeer(HOST, 'SSH-2.0-OpenSSH_9.9p1');
    expect(await sshOutdatedVersion.run(await contextFor(peer))).toEqual([]);
  });

  it('compares versions numerically', () => {
    expect(compareVersions('9.10p1', '9.6p1')).toBe(1);
    expect(compareVersions('9.6p1', '9.6p1')).toBe(0);
    expect(compareVersions('9.3p2', '9.6p1')).toBe(-1);
  });
});

describe('ssh-outdated-version detection', () => {
  it('is an upstream-version finding: QoD 80 plain, 30 on a distribution build', async () => {
    peer = await startSshKexPeer(HOST, 'SSH-2.0-OpenSSH_7.4');
    const [plain] = await sshOutdatedVersion.run(await contextFor(peer));
    expect(plain!.detection).toMatchObject({
      method: 'upstream_version',
      qod: 80,
      distribution: null,
    });
    await peer.close();
    peer = await startSshKexPeer(HOST, 'SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.6');
    const [distro] = await sshOutdatedVersion.run(await contextFor(peer));
    expect(distro!.detection).toMatchObject({
      method: 'upstream_version',
      qod: 30,
      distribution: 'Ubuntu 22.04',
    });
    expect(distro!.detection!.detail).toContain('may have backported');
  });

  it('never claims Terrapin from the version number (ssh-weak-algorithms decides it)', async () => {
    peer = await startSshKexPeer(HOST, 'SSH-2.0-OpenSSH_9.3p1');
    const [finding] = await sshOutdatedVersion.run(await contextFor(peer));
    const text = [finding!.title, finding!.description, finding!.solution].join(' ');
    expect(text).not.toMatch(/Terrapin|CVE-2023-48795|strict key exchange/i);
  });
});
