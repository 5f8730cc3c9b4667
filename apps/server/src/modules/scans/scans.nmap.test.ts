import { describe, expect, it } from 'vitest';
import { NMAP_SAMPLE } from '../../../test/fixtures/nmap.ts';
import { parseNmapXml } from './scans.nmap.ts';

describe('parseNmapXml', () => {
  it('reads IPv4 hosts, hostnames and open ports with service, product, version and cpe', () => {
    const parsed = parseNmapXml(NMAP_SAMPLE);
    expect(parsed).toEqual({
      hosts: [
        {
          address: '127.0.0.1',
          hostname: 'localhost',
          up: true,
          ports: [
            {
              port: 22,
              protocol: 'tcp',
              state: 'open',
              service: 'ssh',
              product: 'OpenSSH',
              version: '9.6p1 Ubuntu',
              cpe: 'cpe:/a:openbsd:openssh:9.6p1',
            },
            {
              port: 80,
              protocol: 'tcp',
              state: 'open',
              service: 'http',
              product: 'A & B httpd',
              version: null,
              cpe: null,
            },
          ],
        },
        { address: '127.0.0.2', hostname: null, up: false, ports: [] },
      ],
    });
  });

  it('rejects a document that is not an nmap report or has no IPv4 host', () => {
    expect(parseNmapXml('<html></html>')).toEqual({
      error: 'Not an nmap XML report: <nmaprun> is missing',
    });
    expect(parseNmapXml('<nmaprun></nmaprun>')).toEqual({
      error: 'The nmap XML report has no IPv4 hosts',
    });
  });
});
