import { DISTRO_UPSTREAM_QOD } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { detectionLine } from './reports.detection.ts';

describe('detectionLine', () => {
  it('says a distribution build matched on its upstream version is only possible', () => {
    const line = detectionLine({
      method: 'upstream_version',
      qod: DISTRO_UPSTREAM_QOD,
      detail: 'OpenSSH 9.2p1 in the upstream range',
      distribution: 'Debian 12',
    });
    expect(line).toBe(
      'Possible — backports unknown. Upstream version only (backports unknown), QoD 30%: OpenSSH 9.2p1 in the upstream range',
    );
  });

  it('names the method and QoD of other findings, and "Not recorded" without one', () => {
    const line = detectionLine({
      method: 'package_revision',
      qod: 97,
      detail: '',
      distribution: 'Debian 12',
    });
    expect(line).toBe('Package revision matched against the distribution fix, QoD 97%');
    expect(detectionLine(null)).toBe('Not recorded');
  });
});
